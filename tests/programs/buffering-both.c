/* Buffering both: rank 0 sends every worker its task and then collects one greeting from each,
 * while each worker greets rank 0 before taking its task. Every rank starts with a send, so the
 * program completes only if those standard sends are buffered: a deadlock without buffering,
 * found under --buffering both too (it tries each send unbuffered), fine with infinite buffering.
 *
 * RANKFOLD-RUN: -np 3 --buffering zero => deadlock states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering both => deadlock states=3 transitions=3 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, task, hello;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (int r = 1; r < size; r++) {
            task = 100 + r;
            MPI_Send(&task, 1, MPI_INT, r, 1, MPI_COMM_WORLD); /* ERROR */
        }
        for (int r = 1; r < size; r++) {
            MPI_Recv(&hello, 1, MPI_INT, r, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(hello == r);
        }
        printf("rank 0: all %d workers have their tasks\n", size - 1);
    } else {
        hello = rank;
        MPI_Send(&hello, 1, MPI_INT, 0, 2, MPI_COMM_WORLD); /* ERROR */
        MPI_Recv(&task, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(task == 100 + rank);
    }
    MPI_Finalize();
    return 0;
}
