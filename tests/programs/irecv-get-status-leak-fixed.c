/* Request leak, fixed: the receive is completed with MPI_Wait after polling it.
 * Rank 1 polls its receive with MPI_Request_get_status (which leaves the request allocated)
 * until the message is there, then calls MPI_Wait, which returns at once and frees it.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, value = 0, flag = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        value = 17;
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request req;
        MPI_Status st;
        MPI_Irecv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        while (!flag) MPI_Request_get_status(req, &flag, &st);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        printf("rank 1 received %d from rank %d\n", value, st.MPI_SOURCE);
    }
    MPI_Finalize();
    return 0;
}
