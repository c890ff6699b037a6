/* NULL buffer: MPI_Bcast into a buffer only the root allocated.
 * Rank 0 allocates and fills the coefficient array; the other ranks leave their pointer NULL,
 * as if the broadcast would allocate it for them. A NULL buffer with count 3 is invalid
 * (MPI_ERR_BUFFER) on every non-root rank.
 *
 * RANKFOLD-RUN: -np 2 => usage:null-buffer states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int rank;
    double* coeffs = NULL;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        coeffs = malloc(3 * sizeof *coeffs); /* the bug: only the root allocates */
        coeffs[0] = 1.0, coeffs[1] = -2.0, coeffs[2] = 0.5;
    }
    MPI_Bcast(coeffs, 3, MPI_DOUBLE, 0, MPI_COMM_WORLD); /* ERROR */
    printf("rank %d: %.1f %.1f %.1f\n", rank, coeffs[0], coeffs[1], coeffs[2]);
    free(coeffs);
    MPI_Finalize();
    return 0;
}
