/* Contract (PRE write!), fixed: the twin of contract-send-unwritten.c computes its answer
 * whichever request comes in first (contract-send-unwritten.contracts holds in every order).
 *
 * RANKFOLD-RUN: -np 3 --contracts %S/contract-send-unwritten.contracts => ok states=5 transitions=4 executions=2 revisits=0
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
            if (i == 0) answer = status.MPI_SOURCE == 1 ? 42 : 41;
        }
        for (int worker = 1; worker <= 2; worker++)
            MPI_Send(&answer, 1, MPI_INT, worker, 1, MPI_COMM_WORLD);
    } else {
        int request = 10 * rank;
        int reply;
        MPI_Send(&request, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&reply, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
