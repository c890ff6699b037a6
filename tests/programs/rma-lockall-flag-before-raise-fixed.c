/* Title: the twin of rma-lockall-flag-before-raise: the reader completes its read first.
 * Rank 0 calls MPI_Win_flush(0) after MPI_Fetch_and_op and before the go-ahead, so its read
 * has landed before rank 1 can take its lock and raise the flag: the assertion holds in every
 * interleaving.
 *
 * RANKFOLD-RUN: -np 2 => ok states=4 transitions=4 executions=1 revisits=1
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 (Debian, ch4:ucx) loses Fetch_and_op results on a window from
 *   MPI_Win_create, as in rma-lock-counter: rank 0's flushed MPI_NO_OP read returns an unwritten
 *   value (-95281024 in one run) instead of the flag's 0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

static int flag;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(&flag, sizeof flag, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    const int go = 1;
    if (rank == 0) {
        int seen = -1;
        MPI_Win_lock_all(0, win);
        MPI_Fetch_and_op(NULL, &seen, MPI_INT, 0, 0, MPI_NO_OP, win);
        MPI_Win_flush(0, win); /* the read completes before the go-ahead */
        MPI_Send(&go, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Win_unlock_all(win);
        assert(seen == 0);
        printf("rank 0 read the flag down\n");
    } else {
        int told = 0;
        MPI_Request raise;
        MPI_Recv(&told, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Win_lock_all(0, win);
        MPI_Raccumulate(&go, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_REPLACE, win, &raise);
        MPI_Wait(&raise, MPI_STATUS_IGNORE);
        MPI_Win_unlock_all(win);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
