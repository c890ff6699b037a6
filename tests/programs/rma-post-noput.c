/* Title: a put into a rank whose MPI_Win_post asserted MPI_MODE_NOPUT for the exposure epoch it opens.
 * Rank 1 posts its window to rank 0 promising that no put or accumulate updates it until its
 * MPI_Win_wait (MPI 4.0 §12.5.5); rank 0 puts into it: reported at the put
 * (usage:post-assertion), with the rank.
 *
 * RANKFOLD-RUN: -np 2 => usage:post-assertion states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>

static int slot;

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
    const int value = 5;
    if (rank == 1) {
        MPI_Win_post(peer, MPI_MODE_NOPUT, win);
        MPI_Win_wait(win);
    } else {
        MPI_Win_start(peer, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* ERROR */
        MPI_Win_complete(win);
    }
    MPI_Group_free(&peer);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
