/* Causal-order wildcard, fixed: rank 0 receives rank 1's message by its source, then rank 2's,
 * instead of assuming that the first message to arrive is rank 1's. The program has no
 * wildcard left, so it is deterministic under every buffering: executions=1.
 *
 * RANKFOLD-RUN: -np 3 --buffering zero => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering both => ok states=4 transitions=6 executions=1 revisits=3
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, v;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(v == 1);
        MPI_Recv(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 0: got the forwarded value %d\n", v);
    } else if (rank == 1) {
        v = 1;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Send(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        v++;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
