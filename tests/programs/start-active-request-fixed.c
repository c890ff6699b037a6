/* Request state, fixed: every MPI_Start of the persistent send is followed by its MPI_Wait.
 * Rank 0 streams values to rank 1 with a persistent send, completing it each round before
 * changing the buffer and starting it again; rank 1 receives them in order.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

#define ROUNDS 4

int main(int argc, char** argv) {
    int rank, value = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        for (int i = 0; i < ROUNDS; i++) {
            value = i;
            MPI_Start(&req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        }
        MPI_Request_free(&req);
    } else if (rank == 1) {
        for (int i = 0; i < ROUNDS; i++) {
            MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            printf("round %d: received %d\n", i, value);
        }
    }
    MPI_Finalize();
    return 0;
}
