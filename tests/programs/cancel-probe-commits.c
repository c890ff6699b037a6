/* MPI_Cancel of a send whose message a probe has reported: the cancel can no longer succeed,
 * since a receive after a successful probe gets the message it reported (MPI 4.0 §3.8.1). Rank
 * 0 cancels its MPI_Isend, waits for it and tells rank 1 whether the cancel succeeded; rank 1
 * probes first and, having seen the message, waits for that news before receiving it. When the
 * probe sees the message, the cancel fails, so rank 0's wait needs the receive (a standard
 * send with no buffering) while rank 1 waits for rank 0's news: a deadlock. When the cancel
 * succeeds first, the probe finds nothing and both go on. The fixed twin receives the probed
 * message at once. A single run misses the deadlock (its probe runs after the cancel
 * succeeded); with buffering the wait does not need the receive.
 *
 * RANKFOLD-RUN: -np 2 => deadlock states=3 transitions=3 executions=2 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=4 transitions=5 executions=1 revisits=2
 * RANKFOLD-RUN: -np 2 --single-run => ok
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
        MPI_Recv(&cancelled, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (!cancelled) MPI_Recv(&received, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1 done\n");
    }
    MPI_Finalize();
    return 0;
}
