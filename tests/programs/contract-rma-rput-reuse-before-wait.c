/* Contract (predefined, local data race of one-sided operations): rank 1 refills the origin
 * buffer of an MPI_Rput before waiting for its request. The request's completion is the
 * operation's local completion (MPI 3.1 §11.3.5), as a flush or unlock is; before either, MPI
 * may still be reading the buffer.
 * Twin: contract-rma-rput-reuse-before-wait-fixed.c waits first (MPICH's rma/rput_local_comp).
 *
 * RANKFOLD-RUN: -np 2 => contract states=1 transitions=1 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: a bugged program (MPI may send the old or the new value)
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
        outgoing = 0; /* ERROR */
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        MPI_Win_unlock(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) printf("rank 0 holds %d\n", *exposed);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
