/* Heap overflow: rank 0 clears 4,096 bytes of a 16-byte malloc block. Nothing crashes at once
 * (the bytes past the block are other blocks of the same heap), which is why it goes unnoticed
 * without instrumentation; the access checks stop the memset before it writes.
 *
 * RANKFOLD-RUN: -np 2 => heap-error:out-of-bounds states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t clear_bytes = 4096; /* a global: the compiler cannot drop the overflowing memset */

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char* block = malloc(16);
    if (rank == 0) memset(block, 0, clear_bytes); /* ERROR */
    printf("rank %d: %d\n", rank, block[0]);
    free(block);
    MPI_Finalize();
    return 0;
}
