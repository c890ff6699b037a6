/* Bsend buffer too small, fixed: the attached buffer holds the whole message.
 * Rank 0 attaches room for 100 ints plus MPI_BSEND_OVERHEAD and buffered-sends 100 ints; the
 * detach waits until the message has left the buffer.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int rank, data[100] = {0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int bytes = 100 * (int)sizeof(int) + MPI_BSEND_OVERHEAD;
        void* buffer = malloc(bytes);
        data[99] = 99;
        MPI_Buffer_attach(buffer, bytes);
        MPI_Bsend(data, 100, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Buffer_detach(&buffer, &bytes);
        free(buffer);
    } else if (rank == 1) {
        MPI_Recv(data, 100, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1: received, last value %d\n", data[99]);
    }
    MPI_Finalize();
    return 0;
}
