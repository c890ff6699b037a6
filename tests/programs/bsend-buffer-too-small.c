/* Bsend buffer too small: a buffered send larger than the attached buffer.
 * Rank 0 attaches room for one int but buffered-sends 100 ints. MPI_Bsend must fail with
 * MPI_ERR_BUFFER when the message does not fit, which is fatal under the default handler.
 *
 * RANKFOLD-RUN: -np 2 => usage:buffer-space states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => usage:buffer-space states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int rank, data[100] = {0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int bytes = (int)sizeof(int) + MPI_BSEND_OVERHEAD; /* the bug: sized for one int */
        void* buffer = malloc(bytes);
        MPI_Buffer_attach(buffer, bytes);
        MPI_Bsend(data, 100, MPI_INT, 1, 0, MPI_COMM_WORLD); /* ERROR */
        MPI_Buffer_detach(&buffer, &bytes);
        free(buffer);
    } else if (rank == 1) {
        MPI_Recv(data, 100, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1: received\n");
    }
    MPI_Finalize();
    return 0;
}
