/* Twin of contract-igatherv-request-reuse.c: the gather and the barrier each have their own
 * request, and both are completed.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int sizes[3], counts[3] = {1, 1, 1}, displs[3] = {0, 1, 2};

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int mine = 10 * rank;
    MPI_Request requests[2];
    MPI_Igatherv(&mine, 1, MPI_INT, sizes, counts, displs, MPI_INT, 0, MPI_COMM_WORLD,
                 &requests[0]);
    MPI_Ibarrier(MPI_COMM_WORLD, &requests[1]);
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    if (rank == 0) printf("gathered %d %d %d\n", sizes[0], sizes[1], sizes[2]);
    MPI_Finalize();
    return 0;
}
