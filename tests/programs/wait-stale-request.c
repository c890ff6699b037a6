/* Invalid request: waiting a second time through a stale copy of a completed request.
 * Rank 0 keeps a copy of its send request in a "pending" variable. MPI_Wait on the original
 * completes and deallocates the request (and sets the original to MPI_REQUEST_NULL), but the
 * copy still holds the old handle, so the second MPI_Wait gets an invalid request.
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-handle states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, value = 42;
    MPI_Request req, pending;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Isend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        pending = req;
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        /* ... later, "make sure the send is done" before reusing the buffer */
        MPI_Wait(&pending, MPI_STATUS_IGNORE); /* ERROR */
        value = 0;
    } else if (rank == 1) {
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1 received %d\n", value);
    }
    MPI_Finalize();
    return 0;
}
