/* Title: MPI_Mrecv of a message handle already received.
 * Rank 0 keeps a copy of the MPI_Message that MPI_Mprobe returned and receives through both:
 * the first MPI_Mrecv receives the message and sets its handle to MPI_MESSAGE_NULL, the copy
 * names a message that is gone. MPI makes the second call erroneous (MPI 3.1 §3.8.3); MPICH
 * fails or hangs depending on the handle's reuse.
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-handle states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: an erroneous program, whose outcome under MPICH is undefined
 */
#include <mpi.h>

int main(int argc, char** argv) {
    int rank, x = 7, y = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Message msg, copy;
        MPI_Mprobe(1, 0, MPI_COMM_WORLD, &msg, MPI_STATUS_IGNORE);
        copy = msg;
        MPI_Mrecv(&y, 1, MPI_INT, &msg, MPI_STATUS_IGNORE);
        MPI_Mrecv(&y, 1, MPI_INT, &copy, MPI_STATUS_IGNORE); /* ERROR */
    } else if (rank == 1) {
        MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
