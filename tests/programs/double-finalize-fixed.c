/* Double MPI_Finalize, fixed: main finalises only if the library has not done it already.
 * lib_shutdown() calls MPI_Finalize on behalf of the program; main checks MPI_Finalized (which
 * may be called after MPI_Finalize) before finalising itself.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static void lib_shutdown(int rank) {
    if (rank == 0) printf("library: shutting down\n");
    MPI_Finalize();
}

int main(int argc, char** argv) {
    int rank, finalized;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    lib_shutdown(rank);
    MPI_Finalized(&finalized);
    if (!finalized) MPI_Finalize();
    return 0;
}
