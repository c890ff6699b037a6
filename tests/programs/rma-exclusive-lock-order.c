/* Title: an assertion that holds only when rank 1 gets the exclusive lock before rank 2.
 * Ranks 1 and 2 each lock rank 0's window exclusively, read the slot and write their rank
 * into it; rank 2 assumes rank 1 has already been there. The lock order is the explorer's
 * choice, so the order where rank 2 comes first is found.
 *
 * RANKFOLD-RUN: -np 3 => assertion states=3 transitions=3 executions=2 revisits=0
 * RANKFOLD-NO-DIFF: a bugged program (the assertion fails only in one lock order)
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

static int slot;
static int seen = -1;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(&slot, sizeof slot, sizeof slot, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank > 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Get(&seen, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_flush(0, win);
        MPI_Put(&rank, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_unlock(0, win);
        if (rank == 2) assert(seen == 1); /* ERROR */
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
