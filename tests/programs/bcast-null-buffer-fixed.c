/* NULL buffer, fixed: every rank allocates the buffer it broadcasts into.
 * Rank 0 fills the coefficient array; all ranks allocate room for it first, and MPI_Bcast
 * copies the root's values into every rank's array.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int rank;
    double* coeffs;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    coeffs = malloc(3 * sizeof *coeffs);
    if (rank == 0) coeffs[0] = 1.0, coeffs[1] = -2.0, coeffs[2] = 0.5;
    MPI_Bcast(coeffs, 3, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    printf("rank %d: %.1f %.1f %.1f\n", rank, coeffs[0], coeffs[1], coeffs[2]);
    free(coeffs);
    MPI_Finalize();
    return 0;
}
