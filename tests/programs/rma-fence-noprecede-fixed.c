/* Title: The fixed twin of rma-fence-noprecede: the fence closing the put's epoch asserts nothing.
 * MPI_MODE_NOPRECEDE only on the first fence, MPI_MODE_NOSUCCEED on the last. No violation.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>

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
    MPI_Win_fence(0, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
