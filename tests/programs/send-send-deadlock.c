/* Send-send deadlock: two ranks both send to each other before either receives.
 * A standard-mode MPI_Send may wait until the matching receive is posted; MPI does not
 * promise any buffering, so with none both ranks wait forever in MPI_Send. Real MPIs buffer
 * small messages ("eager" protocol), which hides the bug until the messages grow.
 *
 * RANKFOLD-RUN: -np 2 --buffering zero => deadlock states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, mine, theirs;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int other = 1 - rank;
    mine = 10 + rank;
    MPI_Send(&mine, 1, MPI_INT, other, 0, MPI_COMM_WORLD); /* ERROR */
    MPI_Recv(&theirs, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank %d: got %d\n", rank, theirs);
    MPI_Finalize();
    return 0;
}
