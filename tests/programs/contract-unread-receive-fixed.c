/* Twin of contract-unread-receive.c: rank 0 adds both received results, whichever worker
 * answers first.
 *
 * RANKFOLD-RUN: -np 3 --contracts %S/contract-unread-receive.contracts => ok states=5 transitions=4 executions=2 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static double results[2];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Status status;
        MPI_Recv(&results[0], 1, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
        MPI_Recv(&results[1], 1, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
        const double total = results[0] + results[1];
        printf("total %.1f\n", total);
    } else {
        const double mine = 10.0 * rank;
        MPI_Send(&mine, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
