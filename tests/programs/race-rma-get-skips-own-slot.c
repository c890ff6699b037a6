/* Title: a get over every slot, its own included, in the lock epoch of its origin's accumulate
 * to that slot (a race).
 * As race-rma-get-skips-own-slot-fixed.c, but the get reads all three slots contiguously:
 * nothing orders it after the accumulate on the origin's own slot before the unlock (MPI 3.1
 * §11.7: operations of one origin in one epoch are unordered, and a get and an accumulate of
 * the same bytes conflict).
 *
 * RANKFOLD-RUN: -np 3 => race:remote states=1 transitions=1 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: a bugged program (what the get reads depends on the landing order)
 */
#include <mpi.h>
#include <stdio.h>

static int counters[3];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(counters, rank == 0 ? sizeof counters : 0, sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win);
    if (rank != 0) {
        int seen[3] = {0, 0, 0};
        const int one = 1;
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Accumulate(&one, 1, MPI_INT, 0, rank, 1, MPI_INT, MPI_SUM, win); /* ERROR */
        MPI_Get(seen, 3, MPI_INT, 0, 0, 3, MPI_INT, win);                    /* ERROR */
        MPI_Win_unlock(0, win);
        printf("rank %d: slots hold %d\n", rank, seen[0] + seen[1] + seen[2]);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
