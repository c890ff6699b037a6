/* Tag order deadlock: blocking sends received in the opposite order need buffering.
 * Rank 0 sends tag 1 then tag 2 with MPI_Send; rank 1 receives tag 2 first. Without buffering
 * rank 0 waits in its first send for a receive of tag 1 that rank 1 posts only after its
 * receive of tag 2, which waits for rank 0's second send: a deadlock.
 *
 * RANKFOLD-RUN: -np 2 => deadlock states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, a = 10, b = 20, v;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send(&a, 1, MPI_INT, 1, 1, MPI_COMM_WORLD); /* ERROR */
        MPI_Send(&b, 1, MPI_INT, 1, 2, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&v, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* ERROR */
        printf("rank 1: tag 2 carried %d\n", v);
        MPI_Recv(&v, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1: tag 1 carried %d\n", v);
    }
    MPI_Finalize();
    return 0;
}
