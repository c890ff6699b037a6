/* abort() in one rank: rank 2 gives up with the C library's abort().
 * That ends the rank like a crash (SIGABRT in a real run), reported at the abort() call. The
 * MPI_Abort counterpart is abort-one-rank.c.
 *
 * RANKFOLD-RUN: -np 3 => crash states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 2) abort(); /* ERROR */
    MPI_Finalize();
    return 0;
}
