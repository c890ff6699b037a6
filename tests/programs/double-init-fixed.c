/* Double MPI_Init, fixed: the library initialises MPI only if nobody has yet.
 * lib_init() checks MPI_Initialized (allowed before MPI_Init) and calls MPI_Init only when MPI
 * is not initialised; here main already did, so the library leaves it alone.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static void lib_init(void) {
    int initialized;
    MPI_Initialized(&initialized);
    if (!initialized) MPI_Init(NULL, NULL);
}

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    lib_init();
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("rank %d: ready\n", rank);
    MPI_Finalize();
    return 0;
}
