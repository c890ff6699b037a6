/* Endless loop, fixed: the twin of endless-loop.c gets the flag from rank 0 as a message, so
 * rank 1 waits in MPI_Recv, where the checker sees it, instead of spinning on memory that no
 * other rank can write.
 *
 * RANKFOLD-RUN: -np 2 --watchdog 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, ready = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        ready = 1;
        MPI_Send(&ready, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&ready, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1 saw the flag\n");
    }
    MPI_Finalize();
    return 0;
}
