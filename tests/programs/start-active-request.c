/* Request state: MPI_Start on a persistent request that is still active.
 * Rank 0 streams values to rank 1 with a persistent send but, to "save time", waits for it
 * only every other round. Starting a persistent request again before the previous
 * communication completed is erroneous (MPI_ERR_REQUEST).
 *
 * Writing the value while the send is still active is erroneous too (a local buffer race), and
 * with the access checks on it is found first; --no-races leaves the misuse of MPI_Start.
 *
 * RANKFOLD-RUN: -np 2 => race:local-buffer states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --no-races => usage:request-state states=0 transitions=0 executions=1 revisits=0
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
        MPI_Send_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req); /* ERROR */
        for (int i = 0; i < ROUNDS; i++) {
            value = i; /* ERROR */
            MPI_Start(&req); /* ERROR */
            if (i % 2 == 1) MPI_Wait(&req, MPI_STATUS_IGNORE);
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
