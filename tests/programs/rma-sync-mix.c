/* Title: A fence while the rank holds a passive-target lock on the window: synchronisation modes may not be mixed.
 * The one-sided usage check reports it at the call, with the rank.
 *
 * RANKFOLD-RUN: -np 2 => usage:rma-sync-mix states=1 transitions=1 executions=1 revisits=0
 */
#include <mpi.h>

static int window[4];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Group world, other;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    const int peer = 1 - rank;
    MPI_Group_incl(world, 1, &peer, &other);
    const int value = 10 + rank;
    MPI_Win_lock(MPI_LOCK_SHARED, 1 - rank, 0, win);
    MPI_Win_fence(0, win); /* ERROR */
    MPI_Win_unlock(1 - rank, win);
    MPI_Group_free(&other);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
