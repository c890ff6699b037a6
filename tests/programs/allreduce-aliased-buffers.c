/* Collective buffer aliasing: each rank sums its vector onto itself with MPI_Allreduce(sum, sum,
 * ...). MPI forbids the overlap (MPI 3.1 §5.2.1): an implementation may write partial results
 * into `sum` while it still reads it. The fixed twin passes MPI_IN_PLACE.
 *
 * RANKFOLD-RUN: -np 2 => usage:buffer-aliasing states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, sum[3];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 3; i++) sum[i] = rank + i;
    MPI_Allreduce(sum, sum, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD); /* ERROR */
    printf("rank %d: %d %d %d\n", rank, sum[0], sum[1], sum[2]);
    MPI_Finalize();
    return 0;
}
