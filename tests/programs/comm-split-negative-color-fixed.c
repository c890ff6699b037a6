/* Invalid argument, fixed: MPI_Comm_split with MPI_UNDEFINED to leave a rank out.
 * Rank 0 (the coordinator) passes colour MPI_UNDEFINED and gets MPI_COMM_NULL; the other ranks
 * form the workers' communicator.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, color, nworkers = 0;
    MPI_Comm workers;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    color = rank == 0 ? MPI_UNDEFINED : 1;
    MPI_Comm_split(MPI_COMM_WORLD, color, rank, &workers);
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
