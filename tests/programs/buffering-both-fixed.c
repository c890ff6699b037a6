/* Buffering both, fixed: each worker takes its task before greeting rank 0, so every send meets
 * a posted or soon-posted receive and the program needs no buffering. Deterministic (no
 * wildcards): executions=1 under every buffering; --buffering both explores each send both
 * buffered and unbuffered, and all 2^4 combinations end in the same final state.
 *
 * RANKFOLD-RUN: -np 3 --buffering zero => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering both => ok states=9 transitions=12 executions=1 revisits=4
 * RANKFOLD-RUN: -np 3 --buffering both --no-state-matching => ok states=43 transitions=42 executions=16 revisits=0
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
            MPI_Send(&task, 1, MPI_INT, r, 1, MPI_COMM_WORLD);
        }
        for (int r = 1; r < size; r++) {
            MPI_Recv(&hello, 1, MPI_INT, r, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(hello == r);
        }
        printf("rank 0: all %d workers have their tasks\n", size - 1);
    } else {
        MPI_Recv(&task, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(task == 100 + rank);
        hello = rank;
        MPI_Send(&hello, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
