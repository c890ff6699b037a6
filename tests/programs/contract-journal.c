/* Contract (user library): the journal is opened by the first result from rank 1 only.
 * Rank 0 collects one result from each worker with MPI_ANY_SOURCE and appends it to a journal,
 * which it opens lazily when rank 1's result comes in. When rank 2 answers first, journal_append
 * runs before journal_open, which the library's contract (contract-journal.contracts) forbids.
 * One execution under the fixed schedule takes rank 1 first and misses it.
 *
 * RANKFOLD-CFLAGS: -finstrument-functions
 * RANKFOLD-RUN: -np 3 --contracts %S/contract-journal.contracts => contract states=3 transitions=3 executions=2 revisits=0
 * RANKFOLD-RUN: -np 3 --single-run --contracts %S/contract-journal.contracts => ok
 * RANKFOLD-RUN: -np 3 => ok states=4 transitions=4 executions=1 revisits=1
 * RANKFOLD-NO-DIFF: built with -finstrument-functions, whose hooks only Rankfold defines
 */
#include <mpi.h>
#include <stdio.h>

/* ---- the "library": a journal of results ---- */
struct journal {
    int open;
    int entries;
    int sum;
};

__attribute__((noinline)) void journal_open(struct journal* j) {
    j->open = 1;
}

__attribute__((noinline)) void journal_append(struct journal* j, int value) {
    j->entries++;
    j->sum += value;
}

__attribute__((noinline)) void journal_close(struct journal* j) {
    j->open = 0;
}

/* ---- the program ---- */
struct journal journal;

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int i = 0; i < 2; i++) {
            int value;
            MPI_Status status;
            MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
            if (status.MPI_SOURCE == 1) journal_open(&journal);
            journal_append(&journal, value); /* ERROR */
        }
        journal_close(&journal);
        printf("journal: %d entries, sum %d\n", journal.entries, journal.sum);
    } else {
        const int value = 10 * rank;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
