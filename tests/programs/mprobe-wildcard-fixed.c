/* Title: a wildcard MPI_Mprobe, fixed twin of mprobe-wildcard.
 * Rank 0 matches either sender's message with MPI_Mprobe(MPI_ANY_SOURCE) and takes its source
 * from the status. The matched message is out of the queue: the MPI_Irecv(MPI_ANY_SOURCE)
 * posted before the MPI_Mrecv can only take the other sender's message. Both orders are
 * explored, and in both rank 0 gets each message once.
 *
 * RANKFOLD-RUN: -np 3 => ok states=4 transitions=4 executions=1 revisits=1
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Message msg;
        MPI_Status st, st2;
        MPI_Request req;
        int first[2] = {-1, -1}, second[2] = {-1, -1}, count;
        MPI_Mprobe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &msg, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        assert(count == st.MPI_SOURCE);
        MPI_Irecv(second, 2, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &req);
        MPI_Mrecv(first, count, MPI_INT, &msg, MPI_STATUS_IGNORE);
        assert(msg == MPI_MESSAGE_NULL);
        MPI_Wait(&req, &st2);
        assert(first[0] == st.MPI_SOURCE && second[0] == st2.MPI_SOURCE);
        assert(st.MPI_SOURCE + st2.MPI_SOURCE == 3);
        printf("rank 0 received from both senders\n");
    } else {
        int data[2] = {rank, rank};
        MPI_Send(data, rank, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
