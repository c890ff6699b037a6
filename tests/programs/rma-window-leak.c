/* Title: A window never freed before MPI_Finalize.
 * Reported as a resource leak where the window was made.
 *
 * RANKFOLD-RUN: -np 2 => usage:resource-leak states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>

static int window[4];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win); /* ERROR */
    MPI_Win_fence(0, win);
    MPI_Finalize();
    return 0;
}
