/* Title: neighbours read each other's segment of a shared-memory window after MPI_Win_sync and a barrier.
 * Every rank stores into its own segment of an MPI_Win_allocate_shared window, then (Win_sync,
 * Barrier, Win_sync: the unified model's idiom) loads its right neighbour's segment directly and
 * puts a value into its left neighbour's; the shared_query base of rank 0 is the window's start.
 * The 8 states are the orders in which the three shared MPI_Win_lock_all are granted (every
 * order reaches the same state: 5 revisits). It needs every rank on one node: SimGrid's SMPI
 * gives each process a host (and a shared-memory communicator) of its own, so the program
 * aborts there and is compared with MPICH only.
 *
 * RANKFOLD-RUN: -np 3 => ok states=8 transitions=12 executions=1 revisits=5
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm shm;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &shm);
    MPI_Comm_rank(shm, &rank);
    MPI_Comm_size(shm, &size);
    int world_size;
    MPI_Comm_size(MPI_COMM_WORLD, &world_size);
    if (size != world_size) {
        fprintf(stderr, "needs every rank on one node: %d of %d share memory\n", size, world_size);
        abort(); /* SMPI's MPI_Abort ends the simulation with status 0 */
    }
    int* mine = NULL;
    MPI_Win win;
    MPI_Win_allocate_shared(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, shm, &mine, &win);
    const int right = (rank + 1) % size;
    const int left = (rank + size - 1) % size;
    MPI_Aint segment = 0;
    int unit = 0;
    int* theirs = NULL;
    MPI_Win_shared_query(win, right, &segment, &unit, &theirs);
    int* start = NULL;
    MPI_Win_shared_query(win, MPI_PROC_NULL, &segment, &unit, &start);

    MPI_Win_lock_all(0, win);
    mine[0] = 100 + rank;
    MPI_Win_sync(win);
    MPI_Barrier(shm);
    MPI_Win_sync(win);
    const int seen = theirs[0];
    const int contiguous = (theirs - mine == 2) || right == 0;
    MPI_Win_unlock_all(win);

    MPI_Win_fence(0, win);
    const int value = 200 + rank;
    MPI_Put(&value, 1, MPI_INT, left, 1, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    printf("rank %d reads %d from rank %d, gets %d from rank %d, contiguous %d, start is rank 0's %d\n",
           rank, seen, right, mine[1], right, contiguous, start == mine - 2 * rank);
    MPI_Win_free(&win);
    MPI_Comm_free(&shm);
    MPI_Finalize();
    return 0;
}
