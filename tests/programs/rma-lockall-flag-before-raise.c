/* Title: a reader issues its atomic read, then tells the writer to go, before the read completed.
 * Rank 0 reads the flag in its own window with MPI_Fetch_and_op(MPI_NO_OP) under
 * MPI_Win_lock_all, then sends rank 1 the go-ahead, and only then completes the read
 * (MPI_Win_unlock_all). Rank 1, once told, raises the flag with MPI_Raccumulate(MPI_REPLACE)
 * under its own lock_all; its request completes (so the raise lands) inside its step. Rank 0
 * asserts that it read the flag down, but a pending read may land as late as the unlock: after
 * the raise. Both are atomics (no race), the assumption is the bug. The dependency table once
 * called rank 1's lock grant independent of rank 0's held step and of the read's landing (a
 * lock_all holder's step seemed to touch no one else); the sleep sets then pruned the one
 * order that fails and the run ended "ok" (8 states, 10 transitions, 1 execution).
 * transitions/PassiveTargets.hpp orders a step that issues an operation with the target's.
 *
 * RANKFOLD-RUN: -np 2 => assertion states=7 transitions=8 executions=2 revisits=1
 * RANKFOLD-NO-DIFF: a bugged program (the assertion fails in one interleaving)
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
        MPI_Send(&go, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); /* ERROR: the read is not complete */
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
