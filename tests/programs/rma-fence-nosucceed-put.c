/* Title: a put after a fence that asserted MPI_MODE_NOSUCCEED (the fence starts no epoch).
 * Every rank closes its fence epochs with MPI_MODE_NOSUCCEED, then rank 0 puts into rank 1
 * as if an epoch were still open: reported at the put as a fence-assertion
 * (usage:fence-assertion) naming MPI_MODE_NOSUCCEED (MPI 4.0 §12.5.5).
 *
 * RANKFOLD-RUN: -np 2 => usage:fence-assertion states=0 transitions=0 executions=1 revisits=0
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
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    if (rank == 0) MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* ERROR */
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
