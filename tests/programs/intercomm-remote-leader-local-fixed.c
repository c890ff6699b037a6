/* The fixed twin of intercomm-remote-leader-local: each rank's local communicator is
 * MPI_COMM_SELF, so the two groups are disjoint and each leader names the other.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int wrank, rsize, peer = -1;
    MPI_Comm inter;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Intercomm_create(MPI_COMM_SELF, 0, MPI_COMM_WORLD, 1 - wrank, 0, &inter);
    MPI_Comm_remote_size(inter, &rsize);
    assert(rsize == 1);
    MPI_Sendrecv(&wrank, 1, MPI_INT, 0, 0, &peer, 1, MPI_INT, 0, 0, inter, MPI_STATUS_IGNORE);
    printf("world rank %d heard from world rank %d\n", wrank, peer);
    MPI_Comm_free(&inter);
    MPI_Finalize();
    return 0;
}
