/* Ssend head-to-head: two ranks synchronously send to each other before receiving.
 * MPI_Ssend completes only when the receiver has started the matching receive, whatever the
 * buffering, so both ranks wait in MPI_Ssend forever; real MPIs hang here too.
 *
 * RANKFOLD-RUN: -np 2 => deadlock states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => deadlock states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, mine, theirs;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int other = 1 - rank;
    mine = rank;
    MPI_Ssend(&mine, 1, MPI_INT, other, 0, MPI_COMM_WORLD); /* ERROR */
    MPI_Recv(&theirs, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank %d: got %d\n", rank, theirs);
    MPI_Finalize();
    return 0;
}
