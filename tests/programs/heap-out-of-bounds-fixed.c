/* Heap block cleared within its size: the fixed twin of heap-out-of-bounds.c.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char* block = malloc(16);
    memset(block, 0, 16);
    printf("rank %d: %d\n", rank, block[0]);
    free(block);
    MPI_Finalize();
    return 0;
}
