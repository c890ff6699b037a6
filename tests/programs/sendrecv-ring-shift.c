/* Sendrecv ring shift: every rank sends to its right neighbour and receives from its left at once.
 * MPI_Sendrecv performs both halves concurrently, so the cyclic shift cannot deadlock even
 * without buffering. Each rank checks it got its left neighbour's rank.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 5 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, got = -1;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Sendrecv(&rank, 1, MPI_INT, right, 4, &got, 1, MPI_INT, left, 4, MPI_COMM_WORLD, &st);
    assert(got == left && st.MPI_SOURCE == left && st.MPI_TAG == 4);
    printf("rank %d: received %d from the left\n", rank, got);
    MPI_Finalize();
    return 0;
}
