/* Waitany order assertion: rank 0 posts receives from ranks 1 and 2, then calls MPI_Waitany
 * and asserts it returns index 0 (rank 1's request), as if requests completed in posting order.
 * Both requests may be complete when Waitany is called; it may return either of them.
 *
 * RANKFOLD-RUN: -np 3 => assertion states=2 transitions=2 executions=2 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => assertion states=2 transitions=2 executions=2 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, v[2], index;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request reqs[2];
        MPI_Irecv(&v[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&v[1], 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitany(2, reqs, &index, MPI_STATUS_IGNORE);
        assert(index == 0); /* ERROR */
        MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
        printf("rank 0: got %d and %d\n", v[0], v[1]);
    } else {
        v[0] = 10 * rank;
        MPI_Send(&v[0], 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
