/* Contract (predefined, double request use), fixed: one request per pending receive.
 * The twin of contract-double-request-use.c: rank 1 keeps each receive in its own request and
 * completes both with MPI_Waitall, so no request is overwritten while active.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int first, second;

int main(int argc, char** argv) {
    int rank;
    MPI_Request requests[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        const int a = 1, b = 2;
        MPI_Send(&a, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Send(&b, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else {
        MPI_Irecv(&first, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &requests[0]);
        MPI_Irecv(&second, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &requests[1]);
        MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
        printf("rank 1 got %d and %d\n", first, second);
    }
    MPI_Finalize();
    return 0;
}
