/* Title: a message a matched probe took and nothing received.
 * Rank 1 sends a data message (tag 1) and an "end" marker (tag 2). Rank 0 matches each with
 * MPI_Mprobe(MPI_ANY_TAG) and receives the data with MPI_Mrecv, but treats the marker as a
 * signal only and never receives it: the matched message can no longer be taken by any other
 * receive (MPI 3.1 §3.8.2), so it is lost, and rank 1's send of it never completes. Reported at
 * rank 0's MPI_Finalize as a resource leak.
 *
 * RANKFOLD-RUN: -np 2 => usage:resource-leak states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 hangs in rank 1's MPI_Send of the marker or finishes, by timing
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, value = 0, done = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        while (!done) {
            MPI_Message msg;
            MPI_Status st;
            MPI_Mprobe(1, MPI_ANY_TAG, MPI_COMM_WORLD, &msg, &st);
            if (st.MPI_TAG == 2)
                done = 1; /* bug: the marker is matched but never received */
            else
                MPI_Mrecv(&value, 1, MPI_INT, &msg, MPI_STATUS_IGNORE);
        }
        printf("rank 0 got %d\n", value);
    } else if (rank == 1) {
        value = 42;
        MPI_Send(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
        MPI_Send(&value, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
