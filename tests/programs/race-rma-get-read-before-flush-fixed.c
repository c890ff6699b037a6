/* Title: the buffer of an MPI_Get read after the flush that completes it (race-free).
 * The twin of race-rma-get-read-before-flush: rank 0 flushes before it reads the buffer. The
 * get's landing before the flush is one choice (2 states before delivery was a choice).
 *
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 (Debian, ch4:ucx) loses what one-sided operations write or read
 *   on this window from MPI_Win_create (prints 0 or garbage); SMPI 3.32 agrees with Rankfold
 * RANKFOLD-RUN: -np 2 => ok states=3 transitions=2 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int slot;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    slot = 10 + rank;
    MPI_Win win;
    MPI_Win_create(&slot, sizeof slot, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        int got = -1;
        MPI_Win_lock_all(0, win);
        MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_flush(1, win);
        printf("rank 0: got %d\n", got);
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
