/* Collective mismatch, fixed: both MPI_Allreduce calls in the same order on every rank.
 * Every rank computes the sum, then the maximum of the residuals; rank 0 prints them.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, residual, sum = 0, max = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    residual = 3 * rank + 1;
    MPI_Allreduce(&residual, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&residual, &max, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0) printf("sum %d, max %d\n", sum, max);
    MPI_Finalize();
    return 0;
}
