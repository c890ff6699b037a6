/* Assertion failure: one rank's consistency check fails on a value it received.
 * Rank 0 sends its "answer" to rank 1, but computes it with an off-by-one (6 * 7 - 1), so the
 * assert in rank 1 fails on every run. Other ranks only finalize.
 *
 * RANKFOLD-RUN: -np 2 => assertion states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => assertion states=0 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, answer;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        answer = 6 * 7 - 1;
        MPI_Send(&answer, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&answer, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(answer == 42); /* ERROR */
        printf("rank 1: the answer is %d\n", answer);
    }
    MPI_Finalize();
    return 0;
}
