/* Tag selection out of order: a receive picks its message by tag, not by arrival order.
 * Rank 0 starts nonblocking sends with tag 1 then tag 2; rank 1 receives tag 2 first, then
 * tag 1. Nonblocking sends make this safe without any buffering.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int a = 10, b = 20;
        MPI_Request reqs[2];
        MPI_Isend(&a, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &reqs[0]);
        MPI_Isend(&b, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    } else if (rank == 1) {
        int v;
        MPI_Recv(&v, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(v == 20);
        printf("rank 1: tag 2 carried %d\n", v);
        MPI_Recv(&v, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(v == 10);
        printf("rank 1: tag 1 carried %d\n", v);
    }
    MPI_Finalize();
    return 0;
}
