/* Remote size of an intracommunicator, fixed: MPI_Comm_test_inter decides which size to ask.
 * The library routine asks MPI_Comm_test_inter first and takes the remote group's size only
 * of an intercommunicator; MPI_COMM_WORLD and its duplicate are intracommunicators, so their
 * peers are the communicator's own ranks (MPI_Comm_size).
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int peers(MPI_Comm comm) {
    int inter = 1, n = 0;
    MPI_Comm_test_inter(comm, &inter);
    if (inter)
        MPI_Comm_remote_size(comm, &n);
    else
        MPI_Comm_size(comm, &n);
    return n;
}

int main(int argc, char** argv) {
    int rank;
    MPI_Comm dup;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    printf("rank %d: %d peers, %d in the duplicate\n", rank, peers(MPI_COMM_WORLD), peers(dup));
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}
