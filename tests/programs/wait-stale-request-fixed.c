/* Invalid request, fixed: the request is waited for through one variable only.
 * Rank 0 sends with MPI_Isend and waits once; MPI_Wait sets the handle to MPI_REQUEST_NULL,
 * and a second MPI_Wait on that same variable returns at once (waiting on MPI_REQUEST_NULL is
 * allowed).
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, value = 42;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Isend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        /* ... later, "make sure the send is done" before reusing the buffer */
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        value = 0;
    } else if (rank == 1) {
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1 received %d\n", value);
    }
    MPI_Finalize();
    return 0;
}
