/* MPI_ERRORS_RETURN: a send to an invalid rank returns an error code the program handles.
 * Rank 0 probes for a neighbour at rank `size` (one past the last rank). With MPI_ERRORS_RETURN
 * set on MPI_COMM_WORLD, MPI_Send returns an error instead of aborting; its class is
 * MPI_ERR_RANK, which the program checks with MPI_Error_class and prints, then carries on.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, value = 1, err, cls;
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        err = MPI_Send(&value, 1, MPI_INT, size, 0, MPI_COMM_WORLD);
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
