/* Title: two origins put to disjoint bytes of one target in the same lock_all epoch.
 * The twin of race-rma-lock-all-two-puts: each origin puts into its own slot of rank 0's
 * window, and rank 0 reads them after a barrier that follows both unlocks (race-free). The two
 * orders of the lock_all grants meet again in one state (a revisit), and so do the two orders
 * in which the origins issued their puts (the second revisit: the race monitor's state is
 * compared as a set, 12 states and 1 revisit while the issue order was part of it). Each put's
 * landing is a choice while rank 0 could see it (4 states before delivery was a choice).
 *
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 (Debian, ch4:ucx) loses what one-sided operations write or read
 *   on this window from MPI_Win_create (prints 0 or garbage); SMPI 3.32 agrees with Rankfold
 * RANKFOLD-RUN: -np 3 => ok states=9 transitions=10 executions=1 revisits=2
 */
#include <mpi.h>
#include <stdio.h>

static int slots[2];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(slots, sizeof slots, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank != 0) {
        MPI_Win_lock_all(0, win);
        MPI_Put(&rank, 1, MPI_INT, 0, rank - 1, 1, MPI_INT, win);
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) printf("rank 0: slots %d %d\n", slots[0], slots[1]);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
