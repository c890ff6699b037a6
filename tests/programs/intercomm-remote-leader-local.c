/* MPI_Intercomm_create whose remote leader is in the local group: the groups of an
 * intercommunicator must be disjoint (MPI 3.1 §6.6.2). Every rank passes MPI_COMM_WORLD as
 * its local communicator, so world rank 1, the remote leader named, is local too.
 *
 * RANKFOLD-RUN: -np 2 => usage:intercomm-mismatch states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>

int main(int argc, char** argv) {
    MPI_Comm inter;
    MPI_Init(&argc, &argv);
    MPI_Intercomm_create(MPI_COMM_WORLD, 0, MPI_COMM_WORLD, 1, 0, &inter); /* ERROR */
    MPI_Comm_free(&inter);
    MPI_Finalize();
    return 0;
}
