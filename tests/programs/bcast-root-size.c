/* Invalid root: MPI_Bcast from root == size.
 * The last rank sets the parameters and broadcasts them, but the root is computed as the
 * communicator size instead of size - 1. No rank has that number, so every rank's MPI_Bcast
 * fails with MPI_ERR_ROOT.
 *
 * RANKFOLD-RUN: -np 3 => usage:invalid-root states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, root, params[2] = {0, 0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    root = size; /* the bug: the last rank is size - 1 */
    if (rank == size - 1) {
        params[0] = 100;
        params[1] = 7;
    }
    MPI_Bcast(params, 2, MPI_INT, root, MPI_COMM_WORLD); /* ERROR */
    printf("rank %d: steps %d, seed %d\n", rank, params[0], params[1]);
    MPI_Finalize();
    return 0;
}
