/* Title: The fixed twin of rma-free-open-epoch: the lock is released before MPI_Win_free.
 * No violation.
 *
 * RANKFOLD-RUN: -np 2 => ok states=4 transitions=3 executions=1 revisits=0
 */
#include <mpi.h>

static int window[4];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock(MPI_LOCK_SHARED, 1 - rank, 0, win);
    MPI_Win_unlock(1 - rank, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
