/* The fixed twin of cancel-probe-commits: rank 1 receives the message its probe reported
 * before it waits for rank 0's news, since that cancel can no longer succeed (MPI 4.0 §3.8.1:
 * a receive after a successful probe gets the message). When the probe found nothing, the
 * cancel may still succeed or fail, and rank 1 receives the message only if it failed.
 * (SimGrid's SMPI, in the differential test, may report a probed and received message as
 * cancelled too; this program's output does not depend on that.)
 *
 * RANKFOLD-RUN: -np 2 => ok states=4 transitions=5 executions=1 revisits=2
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=4 transitions=5 executions=1 revisits=2
 * RANKFOLD-RUN: -np 2 --buffering both => ok
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, value = 7, cancelled = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request request;
        MPI_Status status;
        MPI_Isend(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &request);
        MPI_Cancel(&request);
        MPI_Wait(&request, &status);
        MPI_Test_cancelled(&status, &cancelled);
        MPI_Send(&cancelled, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int seen = 0, received = 0;
        MPI_Iprobe(0, 0, MPI_COMM_WORLD, &seen, MPI_STATUS_IGNORE);
        if (seen) MPI_Recv(&received, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&cancelled, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (!seen && !cancelled)
            MPI_Recv(&received, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1 done\n");
    }
    MPI_Finalize();
    return 0;
}
