/* The fixed twin of intercomm-leader-tags: both leaders pass tag 10; the groups then exchange
 * over the intercommunicator (rank i of one group with rank i of the other).
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int wrank;
    MPI_Comm local, inter;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    const int low = wrank < 2;
    MPI_Comm_split(MPI_COMM_WORLD, low, wrank, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, low ? 2 : 0, 10, &inter);
    int rank, peer = -1;
    MPI_Comm_rank(inter, &rank);
    MPI_Sendrecv(&wrank, 1, MPI_INT, rank, 0, &peer, 1, MPI_INT, rank, 0, inter,
                 MPI_STATUS_IGNORE);
    printf("world rank %d paired with world rank %d\n", wrank, peer);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    MPI_Finalize();
    return 0;
}
