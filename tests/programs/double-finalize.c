/* Double MPI_Finalize: a library's shutdown routine finalises MPI, then main does too.
 * lib_shutdown() calls MPI_Finalize on behalf of the program, and main calls MPI_Finalize
 * again. MPI_Finalize may be called only once.
 *
 * RANKFOLD-RUN: -np 2 => usage:double-finalize states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static void lib_shutdown(int rank) {
    if (rank == 0) printf("library: shutting down\n");
    MPI_Finalize();
}

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    lib_shutdown(rank);
    MPI_Finalize(); /* ERROR */
    return 0;
}
