/* Title: The fixed twin of rma-detach-pending: rank 1 detaches after the fence that completes
 * the put. No violation.
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
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_attach(win, &slot, sizeof slot);
    MPI_Aint target = 0;
    MPI_Get_address(&slot, &target);
    MPI_Bcast(&target, 1, MPI_AINT, 1, MPI_COMM_WORLD);
    const int value = 7;
    MPI_Win_fence(0, win);
    if (rank == 0) MPI_Put(&value, 1, MPI_INT, 1, target, 1, MPI_INT, win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_fence(0, win);
    MPI_Win_detach(win, &slot);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
