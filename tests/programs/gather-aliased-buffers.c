/* Collective buffer aliasing: every rank gathers its entry of `all` to rank 0 and the root passes
 * its own entry, inside the receive array, as the send buffer. MPI forbids a collective's send and
 * receive buffers to overlap (MPI 3.1 §5.2.1); MPI_IN_PLACE is how the root contributes in place.
 * Only the root uses both buffers, so only it is wrong. An Allreduce of `sum` onto itself is the
 * same mistake (allreduce-aliased-buffers.c).
 *
 * RANKFOLD-RUN: -np 3 => usage:buffer-aliasing states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, all[8];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    all[rank] = 10 * rank;
    MPI_Gather(&all[rank], 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD); /* ERROR */
    if (rank == 0) printf("gathered %d %d %d\n", all[0], all[1], all[2]);
    MPI_Finalize();
    return 0;
}
