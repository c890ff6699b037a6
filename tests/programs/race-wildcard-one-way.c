/* A race on one wildcard match only: rank 0 takes the first of two reports with MPI_ANY_SOURCE,
 * posts the receive of the other one, and, as a "shortcut" for the case rank 2 reported first,
 * reads the pending receive's buffer before MPI_Wait. The read happens only when the wildcard
 * receive matches rank 2's message: a single run (which takes rank 1's) passes, the exhaustive
 * search finds the race on the other match.
 *
 * RANKFOLD-RUN: -np 3 => race:local-buffer states=2 transitions=2 executions=2 revisits=0
 * RANKFOLD-RUN: -np 3 --single-run => ok
 */
#include <mpi.h>
#include <stdio.h>

int first, later;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Status status;
        MPI_Recv(&first, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
        const int other = status.MPI_SOURCE == 1 ? 2 : 1;
        MPI_Request request;
        MPI_Irecv(&later, 1, MPI_INT, other, 0, MPI_COMM_WORLD, &request); /* ERROR */
        int guess = 0;
        if (status.MPI_SOURCE == 2) guess = later; /* ERROR */
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        printf("rank 0: reports %d and %d (guess %d)\n", first + later, first * later, guess);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
