/* Title: MPI_Isendrecv swapping with a named partner, fixed twin of isendrecv-wildcard.
 * Rank 0's MPI_Isendrecv receives from rank 1 by name, and rank 2's message is taken by the
 * MPI_Recv after it: every path gets rank 1's value. Rank 1 swaps back with
 * MPI_Isendrecv_replace, in one buffer.
 *
 * RANKFOLD-RUN: -np 3 => ok states=2 transitions=1 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering both => ok states=19 transitions=22 executions=1 revisits=4
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, x, y = -1, z = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    x = rank;
    if (rank == 0) {
        MPI_Request req;
        MPI_Isendrecv(&x, 1, MPI_INT, 1, 0, &y, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Recv(&z, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(y == 1 && z == 2);
        printf("rank 0 got %d and %d\n", y, z);
    } else if (rank == 1) {
        MPI_Request req;
        MPI_Isendrecv_replace(&x, 1, MPI_INT, 0, 0, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        assert(x == 0);
    } else if (rank == 2) {
        MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
