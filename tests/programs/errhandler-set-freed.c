/* Setting an error handler through a handle already freed.
 * Each rank makes a handler, frees it, then passes the dangling handle to
 * MPI_Comm_set_errhandler: an invalid handle (MPI_ERR_ARG). A handler freed while a
 * communicator carries it stays there, but its handle cannot be used again (MPI 3.1 §8.3.4).
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-handle states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static void ignore_error(MPI_Comm* comm, int* code, ...) {
    (void)comm;
    (void)code;
}

int main(int argc, char** argv) {
    int rank;
    MPI_Errhandler handler;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_create_errhandler(ignore_error, &handler);
    MPI_Errhandler saved = handler;
    MPI_Errhandler_free(&handler);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, saved); /* ERROR */
    printf("rank %d: handler set\n", rank);
    MPI_Finalize();
    return 0;
}
