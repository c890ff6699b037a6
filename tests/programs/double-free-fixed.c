/* Double free, fixed: every rank frees its buffer exactly once.
 * The twin of double-free.c, which must be reported; this one must not.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int* data = malloc(4 * sizeof(int));
    if (rank == 0) {
        for (int i = 0; i < 4; ++i) data[i] = i;
        MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(data, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1 received %d %d %d %d\n", data[0], data[1], data[2], data[3]);
    }
    free(data);
    MPI_Finalize();
    return 0;
}
