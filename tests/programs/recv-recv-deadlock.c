/* Recv-recv deadlock: two ranks both wait to receive before either sends.
 * Each rank posts a blocking receive from the other and would only send afterwards, so neither
 * receive can ever be matched, with or without buffering.
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
    MPI_Recv(&theirs, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* ERROR */
    MPI_Send(&mine, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
    printf("rank %d: got %d\n", rank, theirs);
    MPI_Finalize();
    return 0;
}
