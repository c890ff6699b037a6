/* Missing MPI_ERRORS_RETURN: the error code check never runs, the invalid rank is fatal.
 * Rank 0 probes for a neighbour at rank `size` (one past the last rank) and means to handle
 * the MPI_ERR_RANK error, but never sets MPI_ERRORS_RETURN: under the default handler,
 * MPI_ERRORS_ARE_FATAL, the invalid rank aborts the program at the MPI_Send. (With the handler
 * set, this is errhandler-missing-fixed.c.)
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-rank states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, value = 1, err, cls;
    MPI_Init(&argc, &argv);
    /* the bug: MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN) is missing */
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        err = MPI_Send(&value, 1, MPI_INT, size, 0, MPI_COMM_WORLD); /* ERROR */
        if (err == MPI_SUCCESS) {
            printf("send to rank %d succeeded\n", size);
        } else {
            MPI_Error_class(err, &cls);
            printf("send to rank %d failed: %s\n", size,
                   cls == MPI_ERR_RANK ? "MPI_ERR_RANK" : "another error class");
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    printf("rank %d: done\n", rank);
    MPI_Finalize();
    return 0;
}
