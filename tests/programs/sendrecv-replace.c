/* Sendrecv_replace: values rotate around the ring in place until each is back home.
 * Each rank starts with rank*rank and shifts it right `size` times with MPI_Sendrecv_replace,
 * checking after every step that it holds the value of the rank s places to its left.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 4 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    long value = (long)rank * rank;
    for (int s = 1; s <= size; s++) {
        MPI_Sendrecv_replace(&value, 1, MPI_LONG, right, s, left, s, MPI_COMM_WORLD,
                             MPI_STATUS_IGNORE);
        int from = (rank - s + size * size) % size;
        assert(value == (long)from * from);
    }
    printf("rank %d: value %ld is back home after %d shifts\n", rank, value, size);
    MPI_Finalize();
    return 0;
}
