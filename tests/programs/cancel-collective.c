/* MPI_Cancel of a nonblocking collective: every rank starts an MPI_Ibarrier and cancels it.
 * MPI does not allow cancelling the request of a nonblocking collective (MPI 3.1 §5.12);
 * cancel-collective-fixed waits for it instead.
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-argument states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank;
    MPI_Request r;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Ibarrier(MPI_COMM_WORLD, &r);
    MPI_Cancel(&r); /* ERROR */
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    printf("rank %d passed the barrier\n", rank);
    MPI_Finalize();
    return 0;
}
