/* Fixed twin of gather-aliased-buffers.c: the root contributes its entry in place
 * (MPI_IN_PLACE); the other ranks still send from their own `all[rank]`, which is fine: their
 * receive buffer is not significant.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, all[8];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    all[rank] = 10 * rank;
    if (rank == 0)
        MPI_Gather(MPI_IN_PLACE, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
    else
        MPI_Gather(&all[rank], 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("gathered %d %d %d\n", all[0], all[1], all[2]);
    MPI_Finalize();
    return 0;
}
