/* MPI_Cancel of operations no one matched: rank 0 posts a receive for tag 5, which rank 1
 * never sends, a synchronous send of tag 6 and a buffered one of tag 9 to itself, which it
 * never receives; it cancels them, waits for them and asks MPI_Test_cancelled (all are cancelled;
 * the buffer's space comes back, so it detaches at once). Then it sends tag 7, which rank 1
 * receives before answering: cancelling that one after the answer has no effect.
 * Counts: the cancels of the receive, the synchronous send and the buffered send are
 * choices with one outcome each (no partner can match them); the rest names its sources.
 *
 * RANKFOLD-RUN: -np 2 => ok states=4 transitions=3 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 here hangs in the MPI_Wait after cancelling the MPI_Issend
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, in = 0, out = 42, flag;
    MPI_Request r;
    MPI_Status s;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&in, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, &r);
        MPI_Cancel(&r);
        MPI_Wait(&r, &s);
        MPI_Test_cancelled(&s, &flag);
        printf("receive cancelled: %d\n", flag);
        MPI_Issend(&out, 1, MPI_INT, 0, 6, MPI_COMM_WORLD, &r);
        MPI_Cancel(&r);
        MPI_Wait(&r, &s);
        MPI_Test_cancelled(&s, &flag);
        printf("send cancelled: %d\n", flag);
        char space[64 + MPI_BSEND_OVERHEAD];
        void* detached;
        int bytes;
        MPI_Buffer_attach(space, sizeof space);
        MPI_Ibsend(&out, 1, MPI_INT, 0, 9, MPI_COMM_WORLD, &r);
        MPI_Cancel(&r);
        MPI_Wait(&r, &s);
        MPI_Test_cancelled(&s, &flag);
        MPI_Buffer_detach(&detached, &bytes);
        printf("buffered send cancelled: %d\n", flag);
        MPI_Issend(&out, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, &r);
        MPI_Recv(&in, 1, MPI_INT, 1, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Cancel(&r);
        MPI_Wait(&r, &s);
        MPI_Test_cancelled(&s, &flag);
        printf("matched send cancelled: %d\n", flag);
    } else {
        MPI_Recv(&in, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&in, 1, MPI_INT, 0, 8, MPI_COMM_WORLD);
        printf("rank 1 got %d\n", in);
    }
    MPI_Finalize();
    return 0;
}
