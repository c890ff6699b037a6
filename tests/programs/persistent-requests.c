/* Persistent requests: a ring exchange repeated with Send_init/Recv_init requests.
 * Each rank creates one persistent send (right) and receive (left) and restarts them 10 times,
 * first with Startall, then with one Start each; it checks every value, then frees both requests.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, out, in, sum = 0;
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Recv_init(&in, 1, MPI_INT, left, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Send_init(&out, 1, MPI_INT, right, 0, MPI_COMM_WORLD, &reqs[1]);
    for (int iter = 0; iter < 10; iter++) {
        out = rank * 100 + iter; /* the send buffer may change while the request is inactive */
        if (iter < 5) {
            MPI_Startall(2, reqs);
        } else {
            MPI_Start(&reqs[0]);
            MPI_Start(&reqs[1]);
        }
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        assert(in == left * 100 + iter);
        sum += in;
    }
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    assert(reqs[0] == MPI_REQUEST_NULL && reqs[1] == MPI_REQUEST_NULL);
    printf("rank %d: 10 messages from rank %d, sum %d\n", rank, left, sum);
    MPI_Finalize();
    return 0;
}
