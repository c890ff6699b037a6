/* Truncation with a nonblocking receive: the error is raised by the call that completes it.
 * Rank 1 posts an MPI_Irecv for 2 doubles but rank 0 sends 3. The receive buffer must hold
 * the whole message; for a nonblocking receive the error (MPI_ERR_TRUNCATE) is returned by the
 * completion call, MPI_Wait.
 *
 * RANKFOLD-RUN: -np 2 => usage:truncation states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank;
    double point[3] = {1.0, 2.0, 3.0}, got[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send(point, 3, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request req;
        MPI_Irecv(got, 2, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req); /* the bug: a 2-d point */
        MPI_Wait(&req, MPI_STATUS_IGNORE); /* ERROR */
        printf("rank 1: (%.1f, %.1f)\n", got[0], got[1]);
    }
    MPI_Finalize();
    return 0;
}
