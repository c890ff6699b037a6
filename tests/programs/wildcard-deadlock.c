/* Wildcard deadlock: ranks 1 and 2 send rank 0 one message each; rank 0 receives with
 * MPI_ANY_SOURCE and then explicitly from rank 1. If the wildcard takes rank 1's message, the
 * second receive waits for a message rank 1 never sends (and rank 2's send is never received).
 *
 * RANKFOLD-RUN: -np 3 => deadlock states=1 transitions=1 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => deadlock states=1 transitions=1 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, a, b;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&a, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&b, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* ERROR */
        printf("rank 0: got %d and %d\n", a, b);
    } else {
        a = rank;
        MPI_Send(&a, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); /* ERROR */
    }
    MPI_Finalize();
    return 0;
}
