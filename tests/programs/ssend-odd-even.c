/* Ssend odd-even ring: synchronous sends around a ring made safe by ordering.
 * Even ranks send first and then receive; odd ranks receive first and then send. Every
 * MPI_Ssend therefore meets a rank that is (or will be) receiving, so no cycle of waits forms.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
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
    if (rank % 2 == 0) {
        MPI_Ssend(&rank, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
        MPI_Recv(&got, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&got, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Ssend(&rank, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    }
    assert(got == left);
    printf("rank %d: got %d\n", rank, got);
    MPI_Finalize();
    return 0;
}
