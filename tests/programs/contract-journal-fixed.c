/* Contract (user library), fixed: the journal is opened before any result comes in.
 * The twin of contract-journal.c: rank 0 opens the journal before its MPI_ANY_SOURCE loop, so
 * every order in which the workers' results arrive keeps the library's contract
 * (contract-journal.contracts); it closes the journal at the end.
 *
 * RANKFOLD-CFLAGS: -finstrument-functions
 * RANKFOLD-RUN: -np 3 --contracts %S/contract-journal.contracts => ok states=4 transitions=4 executions=1 revisits=1
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
        journal_open(&journal);
        for (int i = 0; i < 2; i++) {
            int value;
            MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            journal_append(&journal, value);
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
