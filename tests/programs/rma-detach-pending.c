/* Title: MPI_Win_detach of memory an MPI_Put not yet completed targets.
 * Rank 0 puts into rank 1's attached slot inside a fence epoch; rank 1 detaches the slot
 * before the fence that completes the put (MPI 3.1 §11.2.4), reported at the detach.
 *
 * RANKFOLD-RUN: -np 2 => usage:rma-detach-pending states=0 transitions=0 executions=1 revisits=0
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
    if (rank == 1) MPI_Win_detach(win, &slot); /* ERROR */
    MPI_Win_fence(0, win);
    if (rank == 0) MPI_Win_detach(win, &slot);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
