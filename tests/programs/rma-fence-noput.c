/* Title: a put into a rank whose fence asserted MPI_MODE_NOPUT for the epoch it opens.
 * Rank 1 promises that no put or accumulate updates its window until the next fence (MPI 3.1
 * §11.5.5); rank 0 puts into it: reported at the put, with the rank.
 *
 * RANKFOLD-RUN: -np 2 => usage:fence-assertion states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>

static int slot;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(&slot, sizeof slot, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    const int value = 5;
    int fetched = 0;
    MPI_Win_fence(rank == 1 ? MPI_MODE_NOPUT : 0, win);
    if (rank == 0) MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* ERROR */
    if (rank == 1) MPI_Get(&fetched, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
