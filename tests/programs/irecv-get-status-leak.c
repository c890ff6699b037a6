/* Request leak: a completed MPI_Irecv that is never waited for.
 * Rank 1 polls its receive with MPI_Request_get_status until the message is there and uses the
 * data. Unlike MPI_Test, MPI_Request_get_status does not free the request, so the completed
 * receive is still allocated at MPI_Finalize: it must be waited for, tested or freed.
 * With --allow-leaks the leak is a warning and the run is ok.
 *
 * RANKFOLD-RUN: -np 2 => usage:request-leak states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --allow-leaks => ok states=1 transitions=0 executions=1 revisits=0 warnings=1
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
        MPI_Irecv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req); /* ERROR */
        while (!flag) MPI_Request_get_status(req, &flag, &st);
        printf("rank 1 received %d from rank %d\n", value, st.MPI_SOURCE);
    }
    MPI_Finalize();
    return 0;
}
