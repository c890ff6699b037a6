/* Bsend with an attached buffer: buffered sends complete without waiting for the receiver.
 * Rank 0 attaches a buffer sized for five messages, sends four with MPI_Bsend and one with
 * MPI_Ibsend, then detaches (which waits until all are delivered). Rank 1 receives them in
 * reverse tag order, which is safe only because the sends are buffered.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define LEN 4
#define COUNT 5

int main(int argc, char** argv) {
    int rank, msg[LEN];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int bytes = COUNT * (LEN * (int)sizeof(int) + MPI_BSEND_OVERHEAD), detached_size;
        void* buffer = malloc(bytes);
        void* detached;
        MPI_Request req;
        MPI_Buffer_attach(buffer, bytes);
        for (int tag = 0; tag < COUNT - 1; tag++) {
            for (int k = 0; k < LEN; k++) msg[k] = tag * 10 + k;
            MPI_Bsend(msg, LEN, MPI_INT, 1, tag, MPI_COMM_WORLD); /* msg is copied: reusable */
        }
        for (int k = 0; k < LEN; k++) msg[k] = (COUNT - 1) * 10 + k;
        MPI_Ibsend(msg, LEN, MPI_INT, 1, COUNT - 1, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Buffer_detach(&detached, &detached_size);
        assert(detached == buffer && detached_size == bytes);
        free(buffer);
        printf("rank 0: %d buffered sends done\n", COUNT);
    } else if (rank == 1) {
        for (int tag = COUNT - 1; tag >= 0; tag--) {
            MPI_Recv(msg, LEN, MPI_INT, 0, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (int k = 0; k < LEN; k++) assert(msg[k] == tag * 10 + k);
            printf("rank 1: got tag %d\n", tag);
        }
    }
    MPI_Finalize();
    return 0;
}
