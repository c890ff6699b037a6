/* Collective mismatch: one rank calls MPI_Bcast where the others call MPI_Reduce.
 * The broadcast of the step count was put inside the `rank == 0` block that sets it, so only
 * rank 0 broadcasts; the other ranks go on to the MPI_Reduce. Collectives on a communicator
 * match in the order they are called, so rank 0's MPI_Bcast meets the others' MPI_Reduce.
 *
 * RANKFOLD-RUN: -np 3 => usage:collective-mismatch states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, steps = 0, work, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        steps = 4;
        MPI_Bcast(&steps, 1, MPI_INT, 0, MPI_COMM_WORLD); /* ERROR */
    }
    work = steps * (rank + 1);
    MPI_Reduce(&work, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD); /* ERROR */
    if (rank == 0) printf("total work: %d\n", total);
    MPI_Finalize();
    return 0;
}
