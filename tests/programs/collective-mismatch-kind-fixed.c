/* Collective mismatch, fixed: every rank calls MPI_Bcast, then MPI_Reduce.
 * Rank 0 sets the step count; the broadcast is outside the `rank == 0` block, so all ranks
 * take part in it before the reduction.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, steps = 0, work, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) steps = 4;
    MPI_Bcast(&steps, 1, MPI_INT, 0, MPI_COMM_WORLD);
    work = steps * (rank + 1);
    MPI_Reduce(&work, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("total work: %d\n", total);
    MPI_Finalize();
    return 0;
}
