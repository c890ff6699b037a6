/* Invalid request, fixed: unused request slots hold MPI_REQUEST_NULL.
 * Each rank exchanges its rank with its left and right neighbours in a line, posting requests
 * only for the neighbours it has; MPI_Waitall ignores the MPI_REQUEST_NULL slots.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, from_left = -1, from_right = -1;
    MPI_Request reqs[4] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};
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
    MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
    printf("rank %d: left %d, right %d\n", rank, from_left, from_right);
    MPI_Finalize();
    return 0;
}
