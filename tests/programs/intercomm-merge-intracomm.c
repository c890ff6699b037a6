/* MPI_Intercomm_merge of an intracommunicator: merging needs an intercommunicator (MPI 3.1
 * §6.6.2); rank 0 passes MPI_COMM_WORLD by mistake for the intercommunicator it made.
 *
 * RANKFOLD-RUN: -np 2 => usage:communicator-kind states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>

int main(int argc, char** argv) {
    int wrank;
    MPI_Comm local, inter, merged;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_split(MPI_COMM_WORLD, wrank, 0, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, 1 - wrank, 0, &inter);
    if (wrank == 0)
        MPI_Intercomm_merge(MPI_COMM_WORLD, 0, &merged); /* ERROR */
    else
        MPI_Intercomm_merge(inter, 1, &merged);
    MPI_Comm_free(&merged);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    MPI_Finalize();
    return 0;
}
