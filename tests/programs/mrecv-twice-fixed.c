/* Title: MPI_Mrecv once per matched message, fixed twin of mrecv-twice.
 * Rank 0 matches each of rank 1's two messages with MPI_Mprobe and receives each once; the
 * second is received with MPI_Imrecv. An MPI_Improbe of rank 1 first may find the message or
 * not (both outcomes are explored); MPI_PROC_NULL's matched probe gives MPI_MESSAGE_NO_PROC,
 * which MPI_Mrecv receives as an empty message.
 *
 * RANKFOLD-RUN: -np 2 => ok states=2 transitions=2 executions=1 revisits=1
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, x[2] = {7, 8}, y = 0, flag = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Message msg = MPI_MESSAGE_NULL;
        MPI_Status st;
        MPI_Request req;
        MPI_Improbe(1, 0, MPI_COMM_WORLD, &flag, &msg, MPI_STATUS_IGNORE);
        if (!flag) MPI_Mprobe(1, 0, MPI_COMM_WORLD, &msg, MPI_STATUS_IGNORE);
        MPI_Mrecv(&y, 1, MPI_INT, &msg, MPI_STATUS_IGNORE);
        assert(y == 7 && msg == MPI_MESSAGE_NULL);
        MPI_Mprobe(1, 0, MPI_COMM_WORLD, &msg, MPI_STATUS_IGNORE);
        MPI_Imrecv(&y, 1, MPI_INT, &msg, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        assert(y == 8);
        MPI_Mprobe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &msg, MPI_STATUS_IGNORE);
        assert(msg == MPI_MESSAGE_NO_PROC);
        MPI_Mrecv(&y, 1, MPI_INT, &msg, &st);
        assert(st.MPI_SOURCE == MPI_PROC_NULL && y == 8);
        printf("rank 0 received 7 and 8\n");
    } else if (rank == 1) {
        MPI_Send(&x[0], 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Send(&x[1], 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
