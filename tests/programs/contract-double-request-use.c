/* Contract (predefined, double request use): a second receive posted into a busy request.
 * Rank 1 posts a receive for each of rank 0's two messages into the same MPI_Request and waits
 * once: the first request is lost while still active. CoVer's "Double Request Use" contract of
 * MPI_Irecv reports it at the second MPI_Irecv; without the contracts the lost request is only
 * found at MPI_Finalize, as a leak. The twin contract-double-request-use-fixed.c uses two.
 *
 * RANKFOLD-RUN: -np 2 => contract states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --contracts-predefined none => usage:request-leak states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int first, second;

int main(int argc, char** argv) {
    int rank;
    MPI_Request request;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        const int a = 1, b = 2;
        MPI_Send(&a, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Send(&b, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else {
        MPI_Irecv(&first, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &request); /* ERROR */
        MPI_Irecv(&second, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &request); /* ERROR */
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        printf("rank 1 got %d\n", second);
    }
    MPI_Finalize();
    return 0;
}
