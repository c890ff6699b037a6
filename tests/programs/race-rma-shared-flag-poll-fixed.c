/* Title: a producer stores data into a shared-memory window, calls MPI_Win_sync and raises a flag with an atomic.
 * The twin of race-rma-shared-flag-poll: rank 1 calls MPI_Win_sync between its store and the
 * flag's MPI_Accumulate, and rank 0 calls it after reading the flag set (MPI_Fetch_and_op reads
 * what the accumulate wrote, and its flush completes the read): the load is ordered after the
 * store (race-free). MPI_Win_sync with a read of an atomic is the unified model's flag idiom.
 *
 * RANKFOLD-RUN: -np 2 => ok states=14 transitions=29 executions=1 revisits=16
 * RANKFOLD-NO-DIFF: needs every rank on one node (SMPI gives each process a host of its own)
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int* mine = NULL;
    MPI_Win win;
    /* Rank 0's segment: the flag (displacement 0) and the data (1). */
    MPI_Win_allocate_shared(rank == 0 ? 2 * sizeof(int) : 0, sizeof(int), MPI_INFO_NULL,
                            MPI_COMM_WORLD, &mine, &win);
    MPI_Aint size;
    int unit;
    int* segment = NULL;
    MPI_Win_shared_query(win, 0, &size, &unit, &segment);
    if (rank == 0) segment[0] = segment[1] = 0;
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    if (rank == 1) {
        const int one = 1;
        segment[1] = 42;
        MPI_Win_sync(win); /* publishes the store before the flag is raised */
        MPI_Accumulate(&one, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_REPLACE, win);
        MPI_Win_flush(0, win);
    } else {
        int flag = 0;
        do {
            MPI_Fetch_and_op(NULL, &flag, MPI_INT, 0, 0, MPI_NO_OP, win);
            MPI_Win_flush(0, win);
        } while (flag == 0);
        MPI_Win_sync(win);
        printf("rank 0 reads %d\n", segment[1]);
    }
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
