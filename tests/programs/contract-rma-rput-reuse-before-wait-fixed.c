/* Twin of contract-rma-rput-reuse-before-wait.c: rank 1 refills the origin buffer of its
 * MPI_Rput once MPI_Wait has completed the request, before the flush and unlock (MPI 3.1
 * §11.3.5: the request's completion is the local completion). The contract once accepted only a
 * flush, unlock or fence there (MPICH's rma/rput_local_comp).
 *
 * RANKFOLD-RUN: -np 2 => ok states=2 transitions=1 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int outgoing = 7;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int* exposed;
    MPI_Win win;
    MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &exposed, &win);
    *exposed = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        MPI_Request request;
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Rput(&outgoing, 1, MPI_INT, 0, 0, 1, MPI_INT, win, &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        outgoing = 0;
        MPI_Win_flush(0, win);
        MPI_Win_unlock(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) printf("rank 0 holds %d\n", *exposed);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
