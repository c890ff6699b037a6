/* Title: fences order a put before its target's read in every window of a loop that makes and
 * frees one window per round over the same buffer (no race).
 * Each round rank 1 makes a window over `slot`, rank 0 puts into it between two fences, rank 1
 * reads after the second fence (MPI 3.1 §11.5.1: it completes the put) and both free the
 * window. Rank 1's read is still in the race state when the last member leaves MPI_Win_free;
 * the race check once counted that member's departure after resetting the joins' instances,
 * so the next round's fences were one instance apart between the ranks and ordered nothing
 * (MPICH's rma/large-small-acc, putfence1, accfence1, accfence2, epochtest).
 * Twin: race-rma-fence-window-loop.c.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int slot = -1;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int round = 0; round < 3; ++round) {
        MPI_Win win;
        MPI_Win_create(&slot, sizeof slot, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
        const int value = 10 + round;
        MPI_Win_fence(0, win);
        if (rank == 0) MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_fence(0, win);
        if (rank == 1) printf("round %d: slot holds %d\n", round, slot);
        MPI_Win_free(&win);
    }
    MPI_Finalize();
    return 0;
}
