/* Persistent request never started: symmetric setup, one-way use.
 * Both ranks create a persistent send to and a persistent receive from the partner, but data
 * only flows from rank 1 to rank 0: rank 0 only starts (and frees) its receive, rank 1 only
 * its send. Rank 0's send and rank 1's receive are never started nor freed, so they are still
 * allocated at MPI_Finalize. --allow-leaks does not excuse a request that was never started.
 *
 * RANKFOLD-RUN: -np 2 => usage:persistent-not-started states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --allow-leaks => usage:persistent-not-started states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

#define ROUNDS 3

int main(int argc, char** argv) {
    int rank, partner, out = 0, in = 0;
    MPI_Request send_req, recv_req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    partner = 1 - rank;
    MPI_Send_init(&out, 1, MPI_INT, partner, 0, MPI_COMM_WORLD, &send_req); /* ERROR */
    MPI_Recv_init(&in, 1, MPI_INT, partner, 0, MPI_COMM_WORLD, &recv_req); /* ERROR */
    for (int i = 0; i < ROUNDS; i++) {
        if (rank == 0) {
            MPI_Start(&recv_req);
            MPI_Wait(&recv_req, MPI_STATUS_IGNORE);
            printf("round %d: received %d\n", i, in);
        } else {
            out = 10 * i;
            MPI_Start(&send_req);
            MPI_Wait(&send_req, MPI_STATUS_IGNORE);
        }
    }
    MPI_Request_free(rank == 0 ? &recv_req : &send_req);
    MPI_Finalize();
    return 0;
}
