/* Title: The fixed twin of rma-wait-without-post: the exposure epoch opened by MPI_Win_post (and the access epoch it waits for).
 * No violation.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
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
    MPI_Win_post(other, 0, win);
    MPI_Win_start(other, 0, win);
    MPI_Win_complete(win);
    MPI_Win_wait(win);
    MPI_Group_free(&other);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
