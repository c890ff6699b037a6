/* A C library routine clears the receive buffer before the receive is posted: the fixed twin
 * of race-memcpy-into-irecv.c.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

char text[32];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        strcpy(text, "hello from rank 0");
        MPI_Send(text, 32, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request request;
        memset(text, 0, sizeof text);
        MPI_Irecv(text, 32, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        printf("rank 1: %s\n", text);
    }
    MPI_Finalize();
    return 0;
}
