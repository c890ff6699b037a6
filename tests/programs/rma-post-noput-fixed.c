/* Title: The fixed twin of rma-post-noput: rank 0 only gets from rank 1, which posted with MPI_MODE_NOPUT.
 * A get does not update the target's window, so the assertion holds. No violation.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int slot = 7;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(&slot, sizeof slot, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Group world;
    MPI_Group peer;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    const int other = 1 - rank;
    MPI_Group_incl(world, 1, &other, &peer);
    int fetched = 0;
    if (rank == 1) {
        MPI_Win_post(peer, MPI_MODE_NOPUT, win);
        MPI_Win_wait(win);
    } else {
        MPI_Win_start(peer, 0, win);
        MPI_Get(&fetched, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
        printf("rank 0 fetched %d\n", fetched);
    }
    MPI_Group_free(&peer);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
