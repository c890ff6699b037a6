/* An earlier MPI_Irecv takes the message: rank 0 posts an MPI_Irecv from rank 1 with
 * MPI_ANY_TAG for a progress report, then waits in MPI_Recv for rank 1's result (tag 1). Rank 1
 * sends only the result. Receives are served in the order they were posted, so the pending
 * MPI_Irecv takes the result, and the MPI_Recv waits for a message that never comes: a
 * deadlock. Rank 1's MPI_Send finds the MPI_Irecv posted and is matched at its call (the fast
 * path of blocking point-to-point), which must still pick the receive posted first. The fixed
 * twin sends the report first.
 *
 * RANKFOLD-RUN: -np 2 => deadlock states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --single-run => deadlock
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int report = -1, result = -1;
        MPI_Request pending;
        MPI_Irecv(&report, 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &pending);
        MPI_Recv(&result, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Wait(&pending, MPI_STATUS_IGNORE);
        printf("report %d, result %d\n", report, result);
    } else if (rank == 1) {
        const int result = 42;
        MPI_Send(&result, 1, MPI_INT, 0, 1, MPI_COMM_WORLD); /* ERROR: the report is missing */
    }
    MPI_Finalize();
    return 0;
}
