/* A nonblocking collective waited for, not cancelled: as cancel-collective, without the
 * MPI_Cancel MPI forbids on its request. Counts: nothing to choose.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank;
    MPI_Request r;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Ibarrier(MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    printf("rank %d passed the barrier\n", rank);
    MPI_Finalize();
    return 0;
}
