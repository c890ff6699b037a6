/* Title: a direct store into a shared-memory window read by another rank after MPI_Win_sync, a barrier and MPI_Win_sync.
 * The twin of race-rma-shared-store-barrier: the storing rank calls MPI_Win_sync before the
 * barrier and the loading rank after it, the unified model's idiom (MPI 3.1 §11.7, Example
 * 11.21), so the load is ordered after the store (race-free).
 *
 * RANKFOLD-RUN: -np 2 => ok states=4 transitions=4 executions=1 revisits=1
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
    MPI_Win_allocate_shared(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
    MPI_Aint size;
    int unit;
    int* theirs = NULL;
    MPI_Win_shared_query(win, 1, &size, &unit, &theirs);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    if (rank == 1) *mine = 42;
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);
    if (rank == 0) printf("rank 0 reads %d\n", *theirs);
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
