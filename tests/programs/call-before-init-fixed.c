/* Call before MPI_Init, fixed: the logging helper checks MPI_Initialized first.
 * MPI_Initialized and MPI_Finalized may be called at any time, even before MPI_Init and after
 * MPI_Finalize; the helper asks for the rank only while MPI is initialised and not finalised,
 * and otherwise logs without it.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static void log_line(const char* what) {
    int initialized, finalized, rank;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    if (initialized && !finalized) {
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        printf("rank %d: %s\n", rank, what);
    } else {
        printf("(no rank): %s\n", what);
    }
}

int main(int argc, char** argv) {
    log_line("starting");
    MPI_Init(&argc, &argv);
    log_line("initialised");
    MPI_Finalize();
    log_line("finalised");
    return 0;
}
