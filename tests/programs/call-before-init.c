/* Call before MPI_Init: a logging helper asks for the rank before MPI is initialised.
 * The program logs its start with a helper that calls MPI_Comm_rank, but the first log line is
 * written before MPI_Init. Apart from a few calls (MPI_Initialized, MPI_Finalized, ...), no MPI
 * function may be called before MPI_Init.
 *
 * RANKFOLD-RUN: -np 2 => usage:call-before-init states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static void log_line(const char* what) {
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank); /* ERROR */
    printf("rank %d: %s\n", rank, what);
}

int main(int argc, char** argv) {
    log_line("starting");
    MPI_Init(&argc, &argv);
    log_line("initialised");
    MPI_Finalize();
    return 0;
}
