/* Use after free: rank 1 frees the array it received into and then reads it to print the sum.
 * The freed bytes still hold the values, so the program prints the right answer by luck.
 *
 * RANKFOLD-RUN: -np 2 => heap-error:use-after-free states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int* values = malloc(4 * sizeof(int));
    if (rank == 0) {
        for (int i = 0; i < 4; ++i) values[i] = i + 1;
        MPI_Send(values, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
        free(values);
    } else if (rank == 1) {
        MPI_Recv(values, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        free(values);
        int sum = 0;
        for (int i = 0; i < 4; ++i) sum += values[i]; /* ERROR */
        printf("rank 1: sum %d\n", sum);
    }
    MPI_Finalize();
    return 0;
}
