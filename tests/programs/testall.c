/* Testall: rank 0 polls a set of nonblocking sends with MPI_Testall, then collects replies.
 * The request array also holds an MPI_REQUEST_NULL entry, which Testall and Waitall must
 * treat as already complete. Each other rank doubles the value it got and sends it back.
 *
 * RANKFOLD-RUN: -np 3 => ok states=2 transitions=2 executions=1 revisits=1
 * RANKFOLD-RUN: -np 4 --buffering infinite => ok states=2 transitions=2 executions=1 revisits=1
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        int out[64], in[64], flag = 0, sum = 0;
        MPI_Request reqs[64];
        reqs[0] = MPI_REQUEST_NULL;
        for (int r = 1; r < size; r++) {
            out[r] = 7 * r;
            MPI_Isend(&out[r], 1, MPI_INT, r, 0, MPI_COMM_WORLD, &reqs[r]);
        }
        while (!flag) MPI_Testall(size, reqs, &flag, MPI_STATUSES_IGNORE);
        for (int r = 0; r < size; r++) assert(reqs[r] == MPI_REQUEST_NULL);
        for (int r = 1; r < size; r++)
            MPI_Irecv(&in[r], 1, MPI_INT, r, 1, MPI_COMM_WORLD, &reqs[r]);
        MPI_Waitall(size, reqs, MPI_STATUSES_IGNORE);
        for (int r = 1; r < size; r++) {
            assert(in[r] == 14 * r);
            sum += in[r];
        }
        printf("rank 0: all sends tested complete, replies sum %d\n", sum);
    } else {
        int v;
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        v *= 2;
        MPI_Send(&v, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
