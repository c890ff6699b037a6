/* Usage (hazard): MPI_Request_free of an active request. Rank 0 frees its Isend's request
 * instead of waiting for it, then refills the buffer for the next message. MPI allows the free,
 * but the program can no longer learn when the first send has read `msg`, so the refill may be
 * what rank 1 receives. Rankfold warns (verdict ok); --strict makes it a usage violation.
 * The fixed twin waits.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0 warnings=1
 * RANKFOLD-RUN: -np 2 --strict => usage:request-free-active states=0 transitions=0 executions=1 revisits=0
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
        MPI_Isend(msg, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Request_free(&req); /* ERROR */
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
