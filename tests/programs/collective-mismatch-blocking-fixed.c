/* Collective mismatch, fixed: both ranks use MPI_Ibcast + MPI_Wait.
 * Rank 0 overlaps the broadcast of the grid size with its own setup; the other ranks call the
 * same nonblocking collective and wait for it right away.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
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
        MPI_Ibcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
        setup = 32; /* work that does not touch the buffer */
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Ibcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    printf("rank %d: n = %d\n", rank, n);
    MPI_Finalize();
    return setup < 0;
}
