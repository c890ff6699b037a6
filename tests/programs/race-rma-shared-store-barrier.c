/* Title: a direct store into a shared-memory window read by another rank after a barrier, without MPI_Win_sync.
 * Rank 1 stores into its own segment of an MPI_Win_allocate_shared window; rank 0 loads it
 * through the MPI_Win_shared_query pointer after an MPI_Barrier. In the unified model a
 * barrier alone does not make the store visible: the storing rank's MPI_Win_sync before it and
 * the loading rank's after it are needed (MPI 3.1 §11.7, Example 11.21), so the two accesses
 * race (race:remote, both lines reported).
 *
 * RANKFOLD-RUN: -np 2 => race:remote states=2 transitions=2 executions=1 revisits=0
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
    MPI_Win_allocate_shared(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
    MPI_Aint size;
    int unit;
    int* theirs = NULL;
    MPI_Win_shared_query(win, 1, &size, &unit, &theirs);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    if (rank == 1) *mine = 42; /* ERROR */
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) printf("rank 0 reads %d\n", *theirs); /* ERROR */
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
