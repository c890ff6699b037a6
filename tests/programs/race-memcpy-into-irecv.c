/* A C library routine writes a pending receive buffer: rank 1 clears its receive buffer with
 * memset after posting MPI_Irecv into it. Accesses made by libc routines count like the
 * program's own stores.
 *
 * RANKFOLD-RUN: -np 2 => race:local-buffer states=0 transitions=0 executions=1 revisits=0
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
        MPI_Irecv(text, 32, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &request); /* ERROR */
        memset(text, 0, sizeof text); /* ERROR */
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        printf("rank 1: %s\n", text);
    }
    MPI_Finalize();
    return 0;
}
