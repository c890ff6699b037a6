/* Division by zero: rank 0 divides by a count it received, and rank 1 sends 0.
 * Integer division by zero raises SIGFPE in rank 0: a crash at the division. The twin
 * divide-by-zero-fixed.c checks the divisor first.
 *
 * RANKFOLD-RUN: -np 2 => crash states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, count = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        MPI_Send(&count, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else {
        volatile int total = 100;
        MPI_Recv(&count, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("average %d\n", total / count); /* ERROR */
    }
    MPI_Finalize();
    return 0;
}
