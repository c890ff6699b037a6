/* Title: The fixed twin of rma-fence-nosucceed-put: the put goes in the epoch the first fence opens.
 * The fence before the put asserts MPI_MODE_NOPRECEDE only, and the one after it closes the
 * epoch with MPI_MODE_NOSUCCEED. No violation.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 (Debian, ch4:ucx) loses what one-sided operations write or read
 *   on this window from MPI_Win_create (prints 0 where Rankfold prints 5)
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
    const int value = 5;
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank == 0) MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    if (rank == 1) printf("rank 1 holds %d\n", slot);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
