/* Fixed twin of recv-earlier-irecv-takes-message.c: rank 1 sends its progress report (tag 0)
 * before the result (tag 1), so the pending MPI_Irecv takes the report and the MPI_Recv the
 * result. Each of rank 1's sends finds its receive posted and is matched at its call (the
 * MPI_Ssend with the MPI_Irecv, the MPI_Send with the MPI_Recv); the values and statuses are
 * checked.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int report = -1, result = -1;
        MPI_Request pending;
        MPI_Status status;
        MPI_Irecv(&report, 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &pending);
        MPI_Recv(&result, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &status);
        assert(status.MPI_SOURCE == 1 && status.MPI_TAG == 1);
        MPI_Wait(&pending, &status);
        assert(status.MPI_SOURCE == 1 && status.MPI_TAG == 0);
        assert(report == 7 && result == 42);
        printf("report %d, result %d\n", report, result);
    } else if (rank == 1) {
        const int report = 7, result = 42;
        MPI_Ssend(&report, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Send(&result, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
