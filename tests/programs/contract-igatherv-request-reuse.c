/* Contract (predefined, double request use) on a v-form I-collective: each rank starts an
 * MPI_Igatherv and then an MPI_Ibarrier into the same MPI_Request before waiting, so the
 * gather's request is lost while still active. MPI_Igatherv's contract forbids a new request
 * in its request parameter (its 10th) until a completion of it; it is reported at the
 * MPI_Ibarrier; without the contracts, the lost request is found at MPI_Finalize, as a leak
 * reported at the MPI_Igatherv that made it. The twin contract-igatherv-request-reuse-fixed.c
 * uses two requests.
 *
 * RANKFOLD-RUN: -np 3 => contract states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --contracts-predefined none => usage:request-leak states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int sizes[3], counts[3] = {1, 1, 1}, displs[3] = {0, 1, 2};

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int mine = 10 * rank;
    MPI_Request request;
    MPI_Igatherv(&mine, 1, MPI_INT, sizes, counts, displs, MPI_INT, 0, MPI_COMM_WORLD, &request); /* ERROR */
    MPI_Ibarrier(MPI_COMM_WORLD, &request); /* ERROR */
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    if (rank == 0) printf("gathered %d %d %d\n", sizes[0], sizes[1], sizes[2]);
    MPI_Finalize();
    return 0;
}
