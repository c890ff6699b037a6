/* Title: every message a matched probe took is received, fixed twin of mprobe-unreceived.
 * Rank 0 matches rank 1's data message and its "end" marker with MPI_Mprobe(MPI_ANY_TAG) and
 * receives both with MPI_Mrecv (the marker into a scratch int), so rank 1's sends complete and
 * nothing is left at MPI_Finalize.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, value = 0, marker = 0, done = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        while (!done) {
            MPI_Message msg;
            MPI_Status st;
            MPI_Mprobe(1, MPI_ANY_TAG, MPI_COMM_WORLD, &msg, &st);
            if (st.MPI_TAG == 2) {
                MPI_Mrecv(&marker, 1, MPI_INT, &msg, MPI_STATUS_IGNORE);
                done = 1;
            } else {
                MPI_Mrecv(&value, 1, MPI_INT, &msg, MPI_STATUS_IGNORE);
            }
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
