/* Collective mismatch: a blocking MPI_Bcast on one rank, MPI_Ibcast + MPI_Wait on the other.
 * Rank 0 overlaps the broadcast of the grid size with its own setup by using MPI_Ibcast; rank
 * 1 calls MPI_Bcast. A nonblocking collective never matches a blocking one (MPI-3.1 5.12), even
 * with the same arguments.
 *
 * RANKFOLD-RUN: -np 2 => usage:collective-mismatch states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, n = 0, setup = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        n = 64;
        MPI_Ibcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD, &req); /* ERROR */
        setup = 32; /* work that does not touch the buffer */
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD); /* ERROR */
    }
    printf("rank %d: n = %d\n", rank, n);
    MPI_Finalize();
    return setup < 0;
}
