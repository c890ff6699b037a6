/* Title: MPI_Put and the target's read separated by the closing fence (race-free).
 * The twin of race-rma-put-fence-read: rank 1 reads its slot after the fence that completes
 * rank 0's put, so the put is ordered before the read.
 *
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 (Debian, ch4:ucx) loses what one-sided operations write or read
 *   on this window from MPI_Win_create (prints 0 or garbage); SMPI 3.32 agrees with Rankfold
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
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
    MPI_Win_fence(0, win);
    if (rank == 0) {
        const int value = 42;
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    }
    MPI_Win_fence(0, win);
    if (rank == 1) printf("rank 1: read %d\n", slot);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
