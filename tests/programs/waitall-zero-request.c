/* Invalid request: a request array zero-initialised as if 0 were MPI_REQUEST_NULL.
 * Each rank receives from its left and right neighbours in a line, posting a receive only for
 * the neighbours it has. The unused slots keep the value 0, which is not MPI_REQUEST_NULL (nor
 * any request), so MPI_Waitall on the end ranks gets an invalid request handle.
 *
 * RANKFOLD-RUN: -np 3 => usage:invalid-handle states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, from_left = -1, from_right = -1;
    MPI_Request reqs[4] = {0}; /* the bug: should be MPI_REQUEST_NULL */
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank > 0) {
        MPI_Irecv(&from_left, 1, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Isend(&rank, 1, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, &reqs[1]);
    }
    if (rank < size - 1) {
        MPI_Irecv(&from_right, 1, MPI_INT, rank + 1, 0, MPI_COMM_WORLD, &reqs[2]);
        MPI_Isend(&rank, 1, MPI_INT, rank + 1, 0, MPI_COMM_WORLD, &reqs[3]);
    }
    MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE); /* ERROR */
    printf("rank %d: left %d, right %d\n", rank, from_left, from_right);
    MPI_Finalize();
    return 0;
}
