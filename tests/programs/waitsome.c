/* Waitsome: rank 0 completes its receives in batches with MPI_Waitsome.
 * Each call returns at least one completed request (any non-empty subset); the loop ends when
 * all are done, and one more Waitsome over only null requests returns MPI_UNDEFINED.
 *
 * RANKFOLD-RUN: -np 4 => ok states=5 transitions=16 executions=1 revisits=12
 * RANKFOLD-RUN: -np 3 --buffering infinite => ok states=2 transitions=3 executions=1 revisits=2
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
        int vals[64], n = size - 1, done = 0, sum = 0, outcount, idx[64];
        MPI_Request reqs[64];
        MPI_Status sts[64];
        for (int i = 0; i < n; i++)
            MPI_Irecv(&vals[i], 1, MPI_INT, i + 1, 0, MPI_COMM_WORLD, &reqs[i]);
        while (done < n) {
            MPI_Waitsome(n, reqs, &outcount, idx, sts);
            assert(outcount >= 1 && outcount <= n - done);
            for (int k = 0; k < outcount; k++) {
                assert(reqs[idx[k]] == MPI_REQUEST_NULL && sts[k].MPI_SOURCE == idx[k] + 1);
                sum += vals[idx[k]];
            }
            done += outcount;
        }
        MPI_Waitsome(n, reqs, &outcount, idx, sts);
        assert(outcount == MPI_UNDEFINED);
        printf("rank 0: %d receives completed, sum %d\n", n, sum);
    } else {
        int v = rank + 1000;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
