/* Fixed twin of request-free-active.c: rank 0 waits for its Isend before it refills the
 * buffer; freeing a request is fine once it is inactive (a persistent one between starts).
 *
 * RANKFOLD-RUN: -np 2 --strict => ok states=1 transitions=0 executions=1 revisits=0 warnings=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, msg[2] = {0, 0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        msg[0] = 1;
        MPI_Send_init(msg, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
        MPI_Barrier(MPI_COMM_WORLD);
        msg[0] = 2;
        MPI_Send(msg, 2, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else {
        MPI_Recv(msg, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("first %d\n", msg[0]);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Recv(msg, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("second %d\n", msg[0]);
    }
    MPI_Finalize();
    return 0;
}
