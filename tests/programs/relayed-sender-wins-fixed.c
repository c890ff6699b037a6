/* The fixed twin of relayed-sender-wins.c: rank 0 takes the second message from whichever rank
 * did not send the first, so every order of the wildcard matches is fine.
 *
 * RANKFOLD-RUN: -np 4 => ok states=4 transitions=4 executions=1 revisits=1
 * RANKFOLD-RUN: -np 4 --reduction source => ok states=4 transitions=4 executions=1 revisits=1
 * RANKFOLD-RUN: -np 4 --reduction source --no-state-matching => ok states=5 transitions=4 executions=2 revisits=0
 * RANKFOLD-RUN: -np 4 --single-run => ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, value;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Status status;
    if (rank == 0) {
        MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
        int direct = status.MPI_SOURCE == 1;
        MPI_Recv(&value, 1, MPI_INT, direct ? 2 : 1, 0, MPI_COMM_WORLD, &status);
        printf("rank 0: done\n");
    } else if (rank == 1) {
        value = 1;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else if (rank == 2) {
        MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else if (rank == 3) {
        value = 3;
        MPI_Send(&value, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
