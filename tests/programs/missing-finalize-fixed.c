/* Missing MPI_Finalize, fixed: workers fall through to the MPI_Finalize at the end.
 * Each worker sends its result to rank 0; every rank then calls MPI_Finalize before returning.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
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
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else {
        for (int r = 1; r < size; r++) {
            MPI_Recv(&value, 1, MPI_INT, r, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            printf("rank 0 got %d from rank %d\n", value, r);
        }
    }
    MPI_Finalize();
    return 0;
}
