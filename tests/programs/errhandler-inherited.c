/* Error handler inheritance: a communicator duplicated from MPI_COMM_WORLD keeps its handler.
 * MPI_ERRORS_RETURN is set on MPI_COMM_WORLD right after MPI_Init; a new communicator inherits
 * the handler of the one it is created from, so an invalid-rank send on a duplicate of
 * MPI_COMM_WORLD returns MPI_ERR_RANK too, which the program checks and prints.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, value = 1, err, cls = MPI_SUCCESS;
    MPI_Comm lib;
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_dup(MPI_COMM_WORLD, &lib);
    err = MPI_Send(&value, 1, MPI_INT, size, 0, lib);
    if (err != MPI_SUCCESS) MPI_Error_class(err, &cls);
    printf("rank %d: send to rank %d on the duplicate: %s\n", rank, size,
           cls == MPI_ERR_RANK ? "MPI_ERR_RANK" : "no MPI_ERR_RANK");
    MPI_Comm_free(&lib);
    MPI_Finalize();
    return 0;
}
