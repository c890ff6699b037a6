/* Collective mismatch: two MPI_Allreduce calls made in a different order on rank 0.
 * Every rank computes the sum and the maximum of the residuals, but rank 0 (which also prints
 * them) computes the maximum first. Collectives match in call order, so rank 0's MPI_MAX
 * reduction meets the other ranks' MPI_SUM one: the operators differ.
 *
 * RANKFOLD-RUN: -np 3 => usage:collective-mismatch states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, residual, sum = 0, max = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    residual = 3 * rank + 1;
    if (rank == 0) {
        MPI_Allreduce(&residual, &max, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD); /* ERROR */
        MPI_Allreduce(&residual, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        printf("sum %d, max %d\n", sum, max);
    } else {
        MPI_Allreduce(&residual, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); /* ERROR */
        MPI_Allreduce(&residual, &max, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
