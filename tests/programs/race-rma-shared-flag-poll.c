/* Title: a producer stores data into a shared-memory window and raises a flag with an atomic, without MPI_Win_sync.
 * Rank 1 stores the data directly into rank 0's segment, then sets the flag word with
 * MPI_Accumulate(MPI_REPLACE) and a flush; rank 0 polls the flag with MPI_Fetch_and_op
 * (MPI_NO_OP) and a flush, and once it is set, calls MPI_Win_sync and loads the data. Rank 1's
 * store is never made visible by an MPI_Win_sync of its own before the flag's write, so the
 * flag orders nothing and the load races with the store (MPI 3.1 §11.7).
 *
 * RANKFOLD-RUN: -np 2 => race:remote states=6 transitions=9 executions=1 revisits=3
 * RANKFOLD-NO-DIFF: a bugged program (the load is not ordered after the store)
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
        segment[1] = 42; /* ERROR */
        MPI_Accumulate(&one, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_REPLACE, win);
        MPI_Win_flush(0, win);
    } else {
        int flag = 0;
        do {
            MPI_Fetch_and_op(NULL, &flag, MPI_INT, 0, 0, MPI_NO_OP, win);
            MPI_Win_flush(0, win);
        } while (flag == 0);
        MPI_Win_sync(win);
        printf("rank 0 reads %d\n", segment[1]); /* ERROR */
    }
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
