/* Ready send: MPI_Rsend and MPI_Irsend used correctly, after the receiver says it is ready.
 * A ready send is legal only if the matching receive is already posted. Rank 1 posts two
 * receives, then tells rank 0 it is ready; only after that message does rank 0 ready-send.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, ready = 1, a = 0, b = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        MPI_Recv(&ready, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        a = 21;
        b = 22;
        MPI_Rsend(&a, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
        MPI_Irsend(&b, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        printf("rank 0: ready-sent %d and %d\n", a, b);
    } else if (rank == 1) {
        MPI_Request reqs[2];
        MPI_Irecv(&a, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&b, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &reqs[1]);
        MPI_Send(&ready, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        assert(a == 21 && b == 22);
        printf("rank 1: received %d and %d\n", a, b);
    }
    MPI_Finalize();
    return 0;
}
