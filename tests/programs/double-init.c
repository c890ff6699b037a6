/* Double MPI_Init: a library initialises MPI although the program already did.
 * lib_init() calls MPI_Init itself, assuming it is the first to use MPI, but main has called
 * MPI_Init already. MPI_Init may be called only once per process.
 *
 * RANKFOLD-RUN: -np 2 => usage:double-init states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static void lib_init(void) {
    MPI_Init(NULL, NULL); /* ERROR */
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
