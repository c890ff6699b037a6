/* Title: MPI_Wait on a generalized request that nobody completes.
 * Rank 0 wraps its exchange with rank 1 in a generalized request, to be completed once rank
 * 1's answer is in, but waits on the generalized request before receiving the answer: only
 * MPI_Grequest_complete can complete it, and the rank that would call it is the one waiting.
 * A deadlock (in MPICH the wait spins forever).
 *
 * RANKFOLD-RUN: -np 2 => deadlock states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: MPICH hangs
 */
#include <mpi.h>

static int query_fn(void* extra, MPI_Status* status) {
    (void)extra;
    MPI_Status_set_elements(status, MPI_BYTE, 0);
    MPI_Status_set_cancelled(status, 0);
    status->MPI_SOURCE = MPI_UNDEFINED;
    status->MPI_TAG = MPI_UNDEFINED;
    return MPI_SUCCESS;
}
static int free_fn(void* extra) {
    (void)extra;
    return MPI_SUCCESS;
}
static int cancel_fn(void* extra, int complete) {
    (void)extra;
    (void)complete;
    return MPI_SUCCESS;
}

int main(int argc, char** argv) {
    int rank, x = 5, y = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request greq;
        MPI_Grequest_start(query_fn, free_fn, cancel_fn, NULL, &greq);
        MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Wait(&greq, MPI_STATUS_IGNORE); /* ERROR */
        MPI_Recv(&y, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Grequest_complete(greq);
    } else if (rank == 1) {
        MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
