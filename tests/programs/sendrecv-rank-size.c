/* Invalid rank: a ring shift that sends to rank == size.
 * Each rank passes its value to the right neighbour with MPI_Sendrecv, computing the neighbour
 * as rank + 1 without wrapping around. On the last rank that is `size`, which is not a rank of
 * MPI_COMM_WORLD (valid ranks are 0..size-1): MPI_ERR_RANK.
 *
 * RANKFOLD-RUN: -np 3 => usage:invalid-rank states=0 transitions=0 executions=1 revisits=0
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
    right = rank + 1; /* the bug: should be (rank + 1) % size */
    left = (rank + size - 1) % size;
    MPI_Sendrecv(&rank, 1, MPI_INT, right, 0, &got, 1, MPI_INT, left, 0, comm, &st); /* ERROR */
    printf("rank %d got %d from rank %d\n", rank, got, st.MPI_SOURCE);
    MPI_Finalize();
    return 0;
}
