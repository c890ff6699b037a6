/* Collective mismatch: MPI_Allreduce with count 2 on one rank and 1 on the others.
 * Each rank reduces "the counters it has": rank 0 keeps two (work items and retries), the
 * others only one. An MPI_Allreduce needs the same count (type signature) on every rank; the
 * counts here differ.
 *
 * RANKFOLD-RUN: -np 2 => usage:collective-mismatch states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, ncounters, counters[2], totals[2] = {0, 0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    counters[0] = 10 + rank;
    counters[1] = rank == 0 ? 2 : 0;
    ncounters = rank == 0 ? 2 : 1; /* the bug: the count must be the same everywhere */
    MPI_Allreduce(counters, totals, ncounters, MPI_INT, MPI_SUM, MPI_COMM_WORLD); /* ERROR */
    if (rank == 0) printf("work %d, retries %d\n", totals[0], totals[1]);
    MPI_Finalize();
    return 0;
}
