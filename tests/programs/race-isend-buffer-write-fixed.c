/* Isend buffer written after the wait: the fixed twin of race-isend-buffer-write.c.
 * Rank 0 reads its send buffer while the send is pending (allowed: the send only reads it too)
 * and updates it only once MPI_Wait has returned.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
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
        MPI_Isend(data, 8, MPI_INT, 1, 0, MPI_COMM_WORLD, &request);
        int sum = 0;
        for (int i = 0; i < 8; ++i) sum += data[i];
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        data[3] = 42;
        printf("rank 0: sum %d, data[3] = %d\n", sum, data[3]);
    } else if (rank == 1) {
        MPI_Recv(data, 8, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1: data[3] = %d\n", data[3]);
    }
    MPI_Finalize();
    return 0;
}
