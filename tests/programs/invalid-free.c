/* Invalid free: rank 0 frees a pointer into the middle of a heap block.
 * free() of anything but the start of a live block is a heap error; Rankfold reports it at the
 * call instead of letting the heap be corrupted.
 *
 * RANKFOLD-RUN: -np 2 => heap-error states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char* text = malloc(64);
    char* volatile inside = text + 8; /* hidden from the compiler's own free() check */
    if (rank == 0)
        free(inside); /* ERROR */
    else
        free(text);
    MPI_Finalize();
    return 0;
}
