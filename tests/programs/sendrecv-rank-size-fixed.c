/* Invalid rank, fixed: a ring shift whose right neighbour wraps around.
 * Each rank passes its rank to (rank + 1) % size with MPI_Sendrecv and receives from its left
 * neighbour, so the last rank sends to rank 0.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, right, left, got = -1;
    MPI_Comm comm = MPI_COMM_WORLD;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;
    MPI_Sendrecv(&rank, 1, MPI_INT, right, 0, &got, 1, MPI_INT, left, 0, comm, &st);
    printf("rank %d got %d from rank %d\n", rank, got, st.MPI_SOURCE);
    MPI_Finalize();
    return 0;
}
