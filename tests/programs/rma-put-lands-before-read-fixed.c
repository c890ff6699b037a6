/* Title: the fixed twin of rma-put-lands-before-read: the target reads after the unlock.
 * Rank 0 unlocks (which completes its put at rank 1) before it enters the barrier, so rank 1
 * reads 1 on every path (under a lock of its own window, which MPICH needs to see the put):
 * the put's landing is never a choice that rank 1 could see.
 *
 * RANKFOLD-RUN: -np 2 => ok states=4 transitions=3 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

static int word;
static int seen = -1;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(&word, sizeof word, sizeof word, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        const int one = 1;
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
        MPI_Barrier(MPI_COMM_WORLD);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
        /* Read under a lock of its own window: portable in the separate memory model too. */
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        seen = word;
        MPI_Win_unlock(1, win);
        assert(seen == 1);
        printf("rank 1 reads %d\n", seen);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
