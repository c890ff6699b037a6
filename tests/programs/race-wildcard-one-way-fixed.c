/* The wildcard race fixed: the twin of race-wildcard-one-way.c reads the second report only
 * after MPI_Wait, on both matches of the wildcard receive.
 *
 * RANKFOLD-RUN: -np 3 => ok states=3 transitions=2 executions=2 revisits=0
 * RANKFOLD-RUN: -np 3 --single-run => ok
 */
#include <mpi.h>
#include <stdio.h>

int first, later;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Status status;
        MPI_Recv(&first, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
        const int other = status.MPI_SOURCE == 1 ? 2 : 1;
        MPI_Request request;
        MPI_Irecv(&later, 1, MPI_INT, other, 0, MPI_COMM_WORLD, &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        const int second = later; /* read only once the receive is complete */
        printf("rank 0: reports %d and %d\n", first + second, first * second);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
