/* Title: MPI_Win_free while the rank still holds a lock on the window.
 * Freeing a window needs every epoch on it closed (MPI 3.1 §11.2.5).
 *
 * RANKFOLD-RUN: -np 2 => usage:win-free-open-epoch states=1 transitions=1 executions=1 revisits=0
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
    MPI_Win_free(&win); /* ERROR */
    MPI_Finalize();
    return 0;
}
