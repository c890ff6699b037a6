/* Title: in a loop of windows over one buffer, the target reads its slot before the fence that
 * completes the round's put (a race).
 * As race-rma-fence-window-loop-fixed.c, but in the last round rank 1 reads `slot` between the
 * two fences, while rank 0's MPI_Put may still land (MPI 3.1 §11.7): a remote race, found
 * however the earlier rounds' windows were freed.
 *
 * RANKFOLD-RUN: -np 2 => race:remote states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: a bugged program (what rank 1 reads depends on when the put lands)
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
        if (rank == 0) MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* ERROR */
        int seen = 0;
        if (rank == 1 && round == 2) seen = slot; /* ERROR */
        MPI_Win_fence(0, win);
        if (rank == 1) printf("round %d: slot holds %d (%d)\n", round, slot, seen);
        MPI_Win_free(&win);
    }
    MPI_Finalize();
    return 0;
}
