/* Title: The fixed twin of rma-dynamic-not-attached: the put goes to slots[1], attached.
 * Rank 1 attaches slots[0..1]; rank 0 puts at the address of slots[1]. No violation.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>

static int slots[4];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_attach(win, slots, 2 * sizeof(int));
    MPI_Aint target = 0;
    MPI_Get_address(&slots[1], &target);
    MPI_Bcast(&target, 1, MPI_AINT, 1, MPI_COMM_WORLD);
    const int value = 7;
    MPI_Win_fence(0, win);
    if (rank == 0) MPI_Put(&value, 1, MPI_INT, 1, target, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    MPI_Win_detach(win, slots);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
