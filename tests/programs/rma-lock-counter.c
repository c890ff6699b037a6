/* Title: a shared counter on rank 0, incremented by every rank with MPI_Fetch_and_op under an
 * exclusive lock; each rank gets a distinct ticket whatever the order the locks are granted in.
 * The explorer tries every grant order: 3 ranks contend for the lock on rank 0, 3! = 6
 * executions (rank 0's shared lock to read the result is one more grant on each path).
 * Each Fetch_and_op may land before its unlock (a passive target epoch): where a target could
 * still run meanwhile (rank 0 waiting in the Allreduce is counted so, conservatively) the
 * landing is a choice, which the counts include (22 states before delivery was a choice).
 *
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 (Debian, ch4:ucx) loses Fetch_and_op results on a window from
 *   MPI_Win_create (tickets sum to 1, counter 0); SMPI 3.32 agrees with Rankfold
 * RANKFOLD-RUN: -np 3 => ok states=33 transitions=37 executions=6 revisits=5
 */
#include <mpi.h>
#include <stdio.h>

static int counter;       /* the window: rank 0's counter */
static int final_count;
static int ticket = -1;   /* what this rank drew */
static int total;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win win;
    MPI_Win_create(&counter, rank == 0 ? sizeof counter : 0, sizeof counter, MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win);
    const int one = 1;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
    MPI_Fetch_and_op(&one, &ticket, MPI_INT, 0, 0, MPI_SUM, win);
    MPI_Win_unlock(0, win);
    /* Tickets are 0 .. size-1, each once: their sum tells. */
    MPI_Allreduce(&ticket, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        /* Read under a lock: portable in the separate memory model too. */
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        final_count = counter;
        MPI_Win_unlock(0, win);
        printf("counter %d, tickets sum to %d\n", final_count, total);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
