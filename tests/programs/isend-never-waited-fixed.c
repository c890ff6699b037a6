/* Request leak, fixed: the MPI_Isend is completed with MPI_Wait before MPI_Finalize.
 * Rank 0 sends its result with MPI_Isend, works on, then waits for the send.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, result = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        result = 6 * 7;
        MPI_Isend(&result, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        /* ... more work */
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(&result, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1 received %d\n", result);
    }
    MPI_Finalize();
    return 0;
}
