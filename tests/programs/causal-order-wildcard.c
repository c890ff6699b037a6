/* Causal-order wildcard: rank 1 sends to rank 0 and then to rank 2, and rank 2 forwards to
 * rank 0 only after hearing from rank 1. Rank 0 assumes rank 1's message therefore arrives
 * first and takes the second one from rank 2 by source. Without buffering that holds (rank 1's
 * send completes only once rank 0 has received it); once it is buffered, the wildcard may match
 * rank 2's message first and rank 0 waits forever for another one from rank 2. Buffering makes
 * this bug appear, so --buffering both must find it although --buffering zero cannot.
 *
 * RANKFOLD-RUN: -np 3 --buffering zero => ok states=2 transitions=1 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => deadlock states=2 transitions=2 executions=2 revisits=0 counterexample_steps=13
 * RANKFOLD-RUN: -np 3 --buffering infinite --shortest => deadlock states=2 transitions=2 executions=2 revisits=0 counterexample_steps=13
 * RANKFOLD-RUN: -np 3 --buffering both => deadlock states=8 transitions=11 executions=2 revisits=3
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, v;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* ERROR */
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
