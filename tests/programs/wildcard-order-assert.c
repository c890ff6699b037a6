/* Wildcard order assertion: rank 0 receives one message from each of ranks 1 and 2 with
 * MPI_ANY_SOURCE and asserts that rank 1's comes first. Nothing orders the two sends, so the
 * assertion fails in the match order where rank 2's message is taken first.
 *
 * RANKFOLD-RUN: -np 3 => assertion states=4 transitions=4 executions=2 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => assertion states=4 transitions=4 executions=2 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, v;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Status first, second;
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &first);
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &second);
        assert(first.MPI_SOURCE == 1); /* ERROR */
        printf("rank 0: rank %d's message came second\n", second.MPI_SOURCE);
    } else {
        v = rank;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
