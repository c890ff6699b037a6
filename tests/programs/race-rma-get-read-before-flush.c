/* Title: the buffer of an MPI_Get read before the flush that completes it.
 * Rank 0 gets rank 1's slot under MPI_Win_lock_all and prints its buffer before
 * MPI_Win_flush: until the get completes locally its buffer belongs to MPI (MPI 3.1 §11.3),
 * a local buffer race of the origin.
 *
 * RANKFOLD-RUN: -np 2 => race:local-buffer states=1 transitions=1 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: a bugged program (the buffer's value depends on when the get lands)
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
        MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* ERROR */
        printf("rank 0: early %d\n", got); /* ERROR */
        MPI_Win_flush(1, win);
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
