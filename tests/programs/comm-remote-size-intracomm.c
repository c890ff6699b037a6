/* Remote size of an intracommunicator: MPI_Comm_remote_size on MPI_COMM_WORLD.
 * A library routine sizes its peer group with MPI_Comm_remote_size without first asking
 * whether the communicator it was given is an intercommunicator. Only an intercommunicator has
 * a remote group (MPI 3.1 §6.6.1), so on MPI_COMM_WORLD the call is erroneous (MPI_ERR_COMM).
 *
 * RANKFOLD-RUN: -np 2 => usage:communicator-kind states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int peers(MPI_Comm comm) {
    int n = 0;
    MPI_Comm_remote_size(comm, &n); /* ERROR */
    return n;
}

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("rank %d: %d peers\n", rank, peers(MPI_COMM_WORLD));
    MPI_Finalize();
    return 0;
}
