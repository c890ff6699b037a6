/* Truncation error: a receive buffer smaller than the message that matches it.
 * Rank 0 sends 8 ints but rank 1 posts a receive for only 4. MPI requires the receive buffer
 * to hold the whole message, so the receive fails with MPI_ERR_TRUNCATE, which is fatal
 * under the default error handler.
 *
 * RANKFOLD-RUN: -np 2 => usage:truncation states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => usage:truncation states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, data[8] = {1, 2, 3, 4, 5, 6, 7, 8}, small[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send(data, 8, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(small, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* ERROR */
        printf("rank 1: received %d\n", small[0]);
    }
    MPI_Finalize();
    return 0;
}
