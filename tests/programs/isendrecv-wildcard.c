/* Title: MPI_Isendrecv's receive half with MPI_ANY_SOURCE is a choice like any receive's.
 * Rank 0 swaps a value with rank 1 through one MPI_Isendrecv, but receives from MPI_ANY_SOURCE;
 * rank 2 also sends to rank 0. If rank 2's message matches the Isendrecv, rank 0 takes it for
 * rank 1's: the assertion fails. The request completes only once both halves have (rank 1
 * received rank 0's value and rank 0 received a value).
 *
 * RANKFOLD-RUN: -np 3 => assertion states=4 transitions=4 executions=2 revisits=0
 * RANKFOLD-NO-DIFF: which sender matches first depends on timing under MPICH
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char** argv) {
    int rank, x, y = -1, z = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    x = rank;
    if (rank == 0) {
        MPI_Request req;
        MPI_Isendrecv(&x, 1, MPI_INT, 1, 0, &y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD,
                      &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Recv(&z, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(y == 1); /* ERROR */
    } else if (rank == 1) {
        MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(y == 0);
        MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else if (rank == 2) {
        MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
