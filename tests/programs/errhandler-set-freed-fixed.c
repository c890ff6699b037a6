/* The fixed twin of errhandler-set-freed: the handler is set on MPI_COMM_WORLD before it is
 * freed, so the communicator keeps it (MPI 3.1 §8.3.4) and MPI_Comm_call_errhandler runs it.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int calls = 0;

static void count_error(MPI_Comm* comm, int* code, ...) {
    (void)comm;
    (void)code;
    ++calls;
}

int main(int argc, char** argv) {
    int rank;
    MPI_Errhandler handler;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_create_errhandler(count_error, &handler);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, handler);
    MPI_Errhandler_free(&handler);
    MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_OTHER);
    printf("rank %d: handler ran %d time(s)\n", rank, calls);
    MPI_Finalize();
    return 0;
}
