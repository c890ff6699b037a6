/* Persistent request never started, fixed: every persistent request is freed.
 * Both ranks create a persistent send and receive, but data only flows from rank 1 to rank 0;
 * each rank frees both requests at the end, including the one it never started (freeing an
 * inactive persistent request is allowed).
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
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
    MPI_Send_init(&out, 1, MPI_INT, partner, 0, MPI_COMM_WORLD, &send_req);
    MPI_Recv_init(&in, 1, MPI_INT, partner, 0, MPI_COMM_WORLD, &recv_req);
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
    MPI_Request_free(&recv_req);
    MPI_Request_free(&send_req);
    MPI_Finalize();
    return 0;
}
