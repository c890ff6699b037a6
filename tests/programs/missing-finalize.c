/* Missing MPI_Finalize: worker ranks return from main early.
 * After sending its result, a worker returns from main, skipping the MPI_Finalize at the end
 * that only rank 0 reaches. Every rank that called MPI_Init must call MPI_Finalize before it
 * exits.
 *
 * RANKFOLD-RUN: -np 2 => usage:missing-finalize states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, value;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank != 0) {
        value = rank * rank;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); /* ERROR */
        return 0; /* the report names the last MPI call: a return has no frame left */
    }
    for (int r = 1; r < size; r++) {
        MPI_Recv(&value, 1, MPI_INT, r, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 0 got %d from rank %d\n", value, r);
    }
    MPI_Finalize();
    return 0;
}
