/* Contract (PRE write!): rank 0 computes its answer only when rank 1's request comes in first
 * (MPI_ANY_SOURCE), then answers both workers. When rank 2's request comes first, `answer` was
 * never written when it is sent (contract-send-unwritten.contracts). One execution under the
 * fixed schedule takes rank 1 first and misses it.
 *
 * RANKFOLD-RUN: -np 3 --contracts %S/contract-send-unwritten.contracts => contract states=4 transitions=4 executions=2 revisits=0
 * RANKFOLD-RUN: -np 3 --single-run --contracts %S/contract-send-unwritten.contracts => ok
 * RANKFOLD-RUN: -np 3 => ok states=5 transitions=4 executions=2 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int answer;

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int i = 0; i < 2; i++) {
            MPI_Status status;
            int request;
            MPI_Recv(&request, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
            if (i == 0 && status.MPI_SOURCE == 1) answer = 42;
        }
        for (int worker = 1; worker <= 2; worker++)
            MPI_Send(&answer, 1, MPI_INT, worker, 1, MPI_COMM_WORLD); /* ERROR */
    } else {
        int request = 10 * rank;
        int reply;
        MPI_Send(&request, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&reply, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
