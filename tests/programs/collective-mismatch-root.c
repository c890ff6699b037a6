/* Collective mismatch: the ranks of one MPI_Bcast name different roots.
 * Each rank wants to share its own value and calls MPI_Bcast with itself as the root. All
 * members of a collective must pass the same root; here every rank names a different one.
 *
 * RANKFOLD-RUN: -np 2 => usage:collective-mismatch states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, value;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    value = 100 + rank;
    MPI_Bcast(&value, 1, MPI_INT, rank, MPI_COMM_WORLD); /* ERROR */
    printf("rank %d: value %d\n", rank, value);
    MPI_Finalize();
    return 0;
}
