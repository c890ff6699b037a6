/* Invalid communicator: rank 1 sends on MPI_COMM_NULL (a communicator variable never set).
 * Every MPI call checks its handles; under MPI_ERRORS_ARE_FATAL the bad one is an MPI error
 * reported at the call. The same exchange on MPI_COMM_WORLD is ring.c.
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-handle states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>

int main(int argc, char** argv) {
    int rank, value = 7;
    MPI_Comm comm = MPI_COMM_NULL; /* meant to be set up by a library call that was removed */
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) MPI_Send(&value, 1, MPI_INT, 0, 0, comm); /* ERROR */
    MPI_Finalize();
    return 0;
}
