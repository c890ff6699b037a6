/* Title: MPI_Win_fence with MPI_MODE_NOPRECEDE closing an epoch in which the rank put.
 * The assertion says the fence completes no operation of the rank (MPI 3.1 §11.5.5); rank 0's
 * put is one: reported at the fence, with the rank.
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
    if (rank == 0) MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win); /* ERROR */
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
