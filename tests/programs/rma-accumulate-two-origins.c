/* Title: two origins accumulate into the same element of rank 0's window under shared locks.
 * Ranks 1 and 2 each add to rank 0's array with MPI_Accumulate(MPI_SUM) (element-wise atomic,
 * so concurrent accumulates are allowed) and one of them also uses MPI_Get_accumulate to read
 * the value before its addition. Shared locks do not exclude each other, but the order of the
 * two epochs decides what the MPI_Get_accumulate reads: both grant orders are explored.
 * The operations may land before their unlock, so each landing is a choice while rank 0 (the
 * target, waiting in the barrier: counted as able to run, conservatively) could see it; the
 * two MPI_SUM accumulates commute. 7 states before delivery was a choice (15 with it); the race
 * monitor's knowledge splits none (5 more while the order in which the origins issued their
 * operations was part of its state); still 2 outcomes. Without reduction both landing orders
 * are taken: 15 states, as with --no-races (16 while the race monitor kept whichever of the two
 * completed accumulates came first in its list, and forgot the other, whose origin's unlock
 * would have taught it differently).
 *
 * RANKFOLD-RUN: -np 3 => ok states=15 transitions=16 executions=2 revisits=2
 * RANKFOLD-RUN: -np 3 --no-reduction => ok states=15 transitions=19 executions=2 revisits=5
 */
#include <mpi.h>
#include <stdio.h>

static int sums[2];
static int before = -1;
static int final_sums[2];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(sums, sizeof sums, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank > 0) {
        const int add[2] = {rank, 10 * rank};
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Accumulate(add, 2, MPI_INT, 0, 0, 2, MPI_INT, MPI_SUM, win);
        if (rank == 2) MPI_Get_accumulate(add, 1, MPI_INT, &before, 1, MPI_INT, 0, 1, 1, MPI_INT, MPI_NO_OP, win);
        MPI_Win_unlock(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        final_sums[0] = sums[0];
        final_sums[1] = sums[1];
        MPI_Win_unlock(0, win);
        printf("sums %d %d\n", final_sums[0], final_sums[1]);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
