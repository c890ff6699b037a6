/* Truncation error, fixed: the receive buffer is as large as the message.
 * Rank 0 sends 8 ints and rank 1 receives into a buffer of 8, checks the received count with
 * MPI_Get_count and prints the first and last values.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, data[8] = {1, 2, 3, 4, 5, 6, 7, 8}, buf[8];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send(data, 8, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Status st;
        int count;
        MPI_Recv(buf, 8, MPI_INT, 0, 0, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        printf("rank 1: received %d ints, %d..%d\n", count, buf[0], buf[count - 1]);
    }
    MPI_Finalize();
    return 0;
}
