/* Title: The fixed twin of rma-window-leak: the window is freed before MPI_Finalize.
 * No violation.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>

static int window[4];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
