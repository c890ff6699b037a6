/* Null pointer write: one rank stores a received value through a pointer it never set.
 * Rank 1 receives a value from rank 0 and writes it through `target`, which is still NULL, so
 * it crashes with SIGSEGV on every run. Pointer and pointee are volatile: GCC -O1 deletes the
 * store when only the pointer is (its points-to analysis knows it is NULL).
 *
 * RANKFOLD-RUN: -np 2 => crash states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => crash states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, value = 0;
    int slot = 0;
    volatile int* volatile target = NULL; /* the bug: should have been &slot */
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        value = 99;
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        *target = value; /* ERROR */
        printf("rank 1: stored %d\n", slot);
    }
    MPI_Finalize();
    return 0;
}
