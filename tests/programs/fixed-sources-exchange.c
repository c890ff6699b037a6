/* Fixed-source exchange: three ranks in a ring each send one value to the right and one back to
 * the left, receiving with explicit sources and tags only (receives posted first, so no send
 * waits on another send). No MPI_ANY_SOURCE, no Test or Waitany: the program is deterministic,
 * so the search must find exactly one execution.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --no-state-matching --no-reduction => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, from_left, from_right;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    int to_right = 100 + rank, to_left = 200 + rank;
    MPI_Request reqs[2];
    MPI_Irecv(&from_left, 1, MPI_INT, left, 1, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(&from_right, 1, MPI_INT, right, 2, MPI_COMM_WORLD, &reqs[1]);
    MPI_Send(&to_right, 1, MPI_INT, right, 1, MPI_COMM_WORLD);
    MPI_Send(&to_left, 1, MPI_INT, left, 2, MPI_COMM_WORLD);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    assert(from_left == 100 + left && from_right == 200 + right);
    printf("rank %d: got %d from the left, %d from the right\n", rank, from_left, from_right);
    MPI_Finalize();
    return 0;
}
