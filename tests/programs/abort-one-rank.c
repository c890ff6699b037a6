/* MPI_Abort from one rank: a rank that finds bad input aborts the whole job.
 * Ranks 0 and 1 exchange a value; rank 2 checks its (hard-coded, invalid) input size and calls
 * MPI_Abort with error code 5, which ends every rank of MPI_COMM_WORLD.
 *
 * RANKFOLD-RUN: -np 3 => abort states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => abort states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        v = 11;
        MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        int input_size = -1; /* stands for a parsed input that turned out invalid */
        if (input_size < 0) {
            fprintf(stderr, "rank %d: invalid input size %d, aborting\n", rank, input_size);
            MPI_Abort(MPI_COMM_WORLD, 5); /* ERROR */
        }
    }
    MPI_Finalize();
    return 0;
}
