/* Title: an assertion that fails only when a put lands before the target's unsynchronised read.
 * Rank 0 puts 1 into rank 1's window inside a passive target epoch and enters a barrier before
 * its unlock; rank 1 reads the word right after that barrier, assuming a put lands only at the
 * unlock. MPI lets the put land at any moment up to the unlock: landing is the explorer's choice.
 * The read is a remote race too (nothing orders it after the put's completion), which the race
 * monitor reports first; with --no-races the assertion shows the landing order explored.
 *
 * RANKFOLD-RUN: -np 2 => race:remote states=2 transitions=2 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --no-races => assertion states=2 transitions=2 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: a bugged program (the assertion fails only when the put lands first)
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
        MPI_Put(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* ERROR */
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_unlock(1, win);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
        seen = word; /* ERROR */
        assert(seen == 0); /* ERROR */
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
