/* Polls that one order of the ranks never answers and another does: rank 0 probes for a tag-7
 * message from rank 1 and, every other poll, receives one with a blocking MPI_Recv; rank 1
 * probes for a tag-9 message nobody sends and, every other poll, sends rank 0 a tag-7
 * message (zero buffering: the send waits for its receive). Taking turns, rank 1 always sends
 * while rank 0 waits in its receive, so rank 0's probe never sees a message and the single run
 * goes round a cycle of polls for ever; but had rank 1 gone first, rank 0's probe would have
 * found the message: the region of polls has a way out, and the single run must not call it a
 * polling deadlock (it runs until --time-limit). The search goes that way and finds the real
 * bug: once rank 0 has finished, rank 1 waits in its send for ever.
 *
 * RANKFOLD-RUN: -np 2 => deadlock states=9 transitions=12 executions=1 revisits=3
 * RANKFOLD-RUN: -np 2 --single-run --time-limit 2 => limit
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, flag = 0, phase = 0, value = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (;;) {
            MPI_Iprobe(1, 7, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
            if (flag) break;
            phase = 1 - phase;
            if (phase) MPI_Recv(&value, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        MPI_Recv(&value, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 0: probed and received %d\n", value);
    } else if (rank == 1) {
        for (;;) {
            MPI_Iprobe(0, 9, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
            if (flag) break;
            phase = 1 - phase;
            if (phase) MPI_Send(&value, 1, MPI_INT, 0, 7, MPI_COMM_WORLD); /* ERROR */
        }
    }
    MPI_Finalize();
    return 0;
}
