/* Persistent send buffer written while the request is active: rank 0 starts a persistent send
 * (MPI_Send_init + MPI_Start) and refills the buffer for the next round before MPI_Wait.
 * Once started, a persistent send is a pending nonblocking send (MPI 4.0 §3.9).
 *
 * RANKFOLD-RUN: -np 2 => race:local-buffer states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int round_value;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request request;
        MPI_Send_init(&round_value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &request); /* ERROR */
        for (int round = 0; round < 2; ++round) {
            MPI_Start(&request);
            round_value = round + 1; /* ERROR */
            MPI_Wait(&request, MPI_STATUS_IGNORE);
        }
        MPI_Request_free(&request);
    } else if (rank == 1) {
        for (int round = 0; round < 2; ++round) {
            MPI_Recv(&round_value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            printf("rank 1: round %d got %d\n", round, round_value);
        }
    }
    MPI_Finalize();
    return 0;
}
