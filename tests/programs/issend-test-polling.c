/* Issend + Test polling: a synchronous nonblocking send completes only once it is matched.
 * Rank 0 starts MPI_Issend and polls MPI_Test until it succeeds; rank 1 receives the message.
 * Rank 0 then asks for an acknowledgement, so it also checks rank 1 really got the value.
 *
 * RANKFOLD-RUN: -np 2 => ok states=2 transitions=2 executions=1 revisits=1
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=2 transitions=2 executions=1 revisits=1
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, value = 0, ack = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        int flag = 0;
        value = 7;
        MPI_Issend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        while (!flag) MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        assert(req == MPI_REQUEST_NULL);
        MPI_Recv(&ack, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(ack == value + 1);
        printf("rank 0: issend completed, ack %d\n", ack);
    } else if (rank == 1) {
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        ack = value + 1;
        MPI_Send(&ack, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
        printf("rank 1: received %d\n", value);
    }
    MPI_Finalize();
    return 0;
}
