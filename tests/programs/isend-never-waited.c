/* Request leak: an MPI_Isend that is never waited for.
 * Rank 0 sends its result with MPI_Isend so it can go on working, then reaches MPI_Finalize
 * without MPI_Wait. A nonblocking operation must be completed (Wait/Test) or freed before
 * MPI_Finalize; until then the buffer may not be reused and the request is never released.
 * With --allow-leaks the leak is a warning and the run is ok.
 *
 * RANKFOLD-RUN: -np 2 => usage:request-leak states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --allow-leaks => ok states=1 transitions=0 executions=1 revisits=0 warnings=1
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
        MPI_Isend(&result, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); /* ERROR */
        /* ... more work; the MPI_Wait(&req, ...) was forgotten */
    } else if (rank == 1) {
        MPI_Recv(&result, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1 received %d\n", result);
    }
    MPI_Finalize();
    return 0;
}
