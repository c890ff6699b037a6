/* Ring send-first: every rank sends to its right neighbour before receiving from its left.
 * Without buffering each MPI_Send waits for a receive that its destination posts only after
 * its own send completes: a cycle of waits through all ranks. With buffering it works.
 *
 * RANKFOLD-RUN: -np 4 => deadlock states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering zero => deadlock states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 4 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, got = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Send(&rank, 1, MPI_INT, right, 0, MPI_COMM_WORLD); /* ERROR */
    MPI_Recv(&got, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(got == left);
    printf("rank %d: got %d\n", rank, got);
    MPI_Finalize();
    return 0;
}
