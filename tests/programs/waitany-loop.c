/* Waitany loop: rank 0 posts one receive per sender and completes them with MPI_Waitany.
 * Requests complete in any order; each completed slot becomes MPI_REQUEST_NULL, and a final
 * Waitany over only null requests must return index MPI_UNDEFINED.
 *
 * RANKFOLD-RUN: -np 4 => ok states=5 transitions=9 executions=1 revisits=5
 * RANKFOLD-RUN: -np 3 --buffering infinite => ok states=2 transitions=2 executions=1 revisits=1
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
        int vals[64], n = size - 1, sum = 0, idx;
        MPI_Request reqs[64];
        MPI_Status st;
        for (int i = 0; i < n; i++)
            MPI_Irecv(&vals[i], 1, MPI_INT, i + 1, 0, MPI_COMM_WORLD, &reqs[i]);
        for (int k = 0; k < n; k++) {
            MPI_Waitany(n, reqs, &idx, &st);
            assert(idx >= 0 && idx < n && reqs[idx] == MPI_REQUEST_NULL);
            assert(st.MPI_SOURCE == idx + 1 && vals[idx] == (idx + 1) * 10);
            sum += vals[idx];
        }
        MPI_Waitany(n, reqs, &idx, &st);
        assert(idx == MPI_UNDEFINED);
        printf("rank 0: %d receives completed, sum %d\n", n, sum);
    } else {
        int v = rank * 10;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
