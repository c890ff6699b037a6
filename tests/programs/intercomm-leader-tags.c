/* MPI_Intercomm_create whose leaders pass different tags: the leaders meet through the peer
 * communicator with one tag (MPI 3.1 §6.6.2); here they never would (MPICH hangs).
 *
 * RANKFOLD-RUN: -np 4 => usage:intercomm-mismatch states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: MPICH hangs
 */
#include <mpi.h>

int main(int argc, char** argv) {
    int wrank;
    MPI_Comm local, inter;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    const int low = wrank < 2;
    MPI_Comm_split(MPI_COMM_WORLD, low, wrank, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, low ? 2 : 0, low ? 10 : 11, &inter); /* ERROR */
    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    MPI_Finalize();
    return 0;
}
