/* Type mismatch, fixed: rank 1 receives the ints as MPI_INT and converts them itself.
 * The twin of type-mismatch.c, which must be reported; this one must not.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int counts[4] = {1, 2, 3, 4};
        MPI_Send(counts, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int counts[4];
        MPI_Recv(counts, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        float values[4] = {(float)counts[0], (float)counts[1], (float)counts[2], (float)counts[3]};
        printf("rank 1: sum %g\n", values[0] + values[1] + values[2] + values[3]);
    }
    MPI_Finalize();
    return 0;
}
