/* Collective mismatch, fixed: every rank reduces both counters.
 * Rank 0 keeps work items and retries, the others only work items; all of them pass two
 * counters (0 retries where there are none) to MPI_Allreduce.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, counters[2], totals[2] = {0, 0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    counters[0] = 10 + rank;
    counters[1] = rank == 0 ? 2 : 0;
    MPI_Allreduce(counters, totals, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("work %d, retries %d\n", totals[0], totals[1]);
    MPI_Finalize();
    return 0;
}
