/* Invalid argument: MPI_Comm_split with a negative colour to leave a rank out.
 * Rank 0 (the coordinator) should not be in the workers' communicator, so it passes colour -1.
 * Colours must be non-negative; the way to get no communicator is MPI_UNDEFINED. MPI_ERR_ARG.
 *
 * RANKFOLD-RUN: -np 3 => usage:invalid-argument states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, color, nworkers = 0;
    MPI_Comm workers;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    color = rank == 0 ? -1 : 1; /* the bug: should be MPI_UNDEFINED */
    MPI_Comm_split(MPI_COMM_WORLD, color, rank, &workers); /* ERROR */
    if (workers != MPI_COMM_NULL) {
        MPI_Comm_size(workers, &nworkers);
        printf("rank %d: one of %d workers\n", rank, nworkers);
        MPI_Comm_free(&workers);
    } else {
        printf("rank %d: coordinator\n", rank);
    }
    MPI_Finalize();
    return 0;
}
