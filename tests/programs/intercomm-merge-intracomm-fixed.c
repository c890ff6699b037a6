/* The fixed twin of intercomm-merge-intracomm: both ranks merge the intercommunicator they
 * made; rank 0's group passes high = 0, so it comes first in the merged communicator.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int wrank, merged_rank;
    MPI_Comm local, inter, merged;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_split(MPI_COMM_WORLD, wrank, 0, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, 1 - wrank, 0, &inter);
    MPI_Intercomm_merge(inter, wrank == 0 ? 0 : 1, &merged);
    MPI_Comm_rank(merged, &merged_rank);
    assert(merged_rank == wrank);
    printf("world rank %d is rank %d of the merged communicator\n", wrank, merged_rank);
    MPI_Comm_free(&merged);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    MPI_Finalize();
    return 0;
}
