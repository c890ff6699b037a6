/* Isend buffer written too early: rank 0 updates the array it is sending before MPI_Wait.
 * MPI 4.0 §3.7.2: the buffer of a nonblocking send may not be modified until the send
 * completes; which value rank 1 receives depends on the implementation's timing.
 *
 * RANKFOLD-RUN: -np 2 => race:local-buffer states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --no-races => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int data[8];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request request;
        for (int i = 0; i < 8; ++i) data[i] = i;
        MPI_Isend(data, 8, MPI_INT, 1, 0, MPI_COMM_WORLD, &request); /* ERROR */
        data[3] = 42; /* ERROR */
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(data, 8, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1: data[3] = %d\n", data[3]);
    }
    MPI_Finalize();
    return 0;
}
