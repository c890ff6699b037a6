/* Title: a remote race on one wildcard match only.
 * Ranks 1 and 2 report to rank 0; then rank 1 puts into rank 0's slot under a lock and, after
 * the unlock, says so with a second message. Rank 0 takes the first report with
 * MPI_ANY_SOURCE and, when it is rank 2's, reads the slot "early": nothing orders that read
 * and rank 1's put. A single run (which matches rank 1's report) passes; the search finds the
 * race on the other match.
 *
 * RANKFOLD-RUN: -np 3 => race:remote states=11 transitions=15 executions=2 revisits=4
 * RANKFOLD-RUN: -np 3 --single-run => ok
 * RANKFOLD-NO-DIFF: a bugged program (the early read depends on the match)
 */
#include <mpi.h>
#include <stdio.h>

static int slot;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(&slot, sizeof slot, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int report = rank;
    if (rank == 0) {
        MPI_Status status;
        int first, second, done, early = -1;
        MPI_Recv(&first, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
        if (status.MPI_SOURCE == 2) early = slot; /* ERROR */
        MPI_Recv(&second, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
        MPI_Recv(&done, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 0: reports %d, slot %d (early %d)\n", first + second, slot, early);
    } else if (rank == 1) {
        const int value = 42;
        MPI_Send(&report, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win); /* ERROR */
        MPI_Win_unlock(0, win);
        MPI_Send(&report, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    } else {
        MPI_Send(&report, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
