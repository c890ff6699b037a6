/* Early return: a rank with nothing to do finalizes and leaves main while the others work.
 * The last rank calls MPI_Finalize and returns at once; ranks 0 and 1 then play 20 rounds of
 * ping-pong. A rank leaving early is correct as long as no one still needs it.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, ball = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == size - 1) {
        printf("rank %d: nothing to do, leaving early\n", rank);
        MPI_Finalize();
        return 0;
    }
    for (int i = 0; i < 20; i++) {
        if (rank == 0) {
            ball++;
            MPI_Send(&ball, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(&ball, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            MPI_Recv(&ball, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            ball++;
            MPI_Send(&ball, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        }
    }
    assert(rank > 1 || ball == 40);
    printf("rank %d: ball at %d\n", rank, ball);
    MPI_Finalize();
    return 0;
}
