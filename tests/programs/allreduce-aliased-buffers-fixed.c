/* Fixed twin of allreduce-aliased-buffers.c: the sum is formed in place (MPI_IN_PLACE).
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, sum[3];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 3; i++) sum[i] = rank + i;
    MPI_Allreduce(MPI_IN_PLACE, sum, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: %d %d %d\n", rank, sum[0], sum[1], sum[2]);
    MPI_Finalize();
    return 0;
}
