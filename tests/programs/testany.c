/* Testany: rank 0 polls its receives with MPI_Testany until every one has completed.
 * Testany completes at most one request per call, in any order. Once all requests are null it
 * must return flag true with index MPI_UNDEFINED.
 *
 * RANKFOLD-RUN: -np 4 => ok states=21 transitions=50 executions=1 revisits=30
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=3 transitions=4 executions=1 revisits=2
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
        int vals[64], n = size - 1, done = 0, sum = 0, idx, flag;
        MPI_Request reqs[64];
        MPI_Status st;
        for (int i = 0; i < n; i++)
            MPI_Irecv(&vals[i], 1, MPI_INT, i + 1, 2, MPI_COMM_WORLD, &reqs[i]);
        while (done < n) {
            MPI_Testany(n, reqs, &idx, &flag, &st);
            if (!flag) continue;
            assert(idx >= 0 && idx < n && st.MPI_SOURCE == idx + 1 && vals[idx] == -(idx + 1));
            sum += vals[idx];
            done++;
        }
        MPI_Testany(n, reqs, &idx, &flag, &st);
        assert(flag && idx == MPI_UNDEFINED);
        printf("rank 0: %d receives completed, sum %d\n", n, sum);
    } else {
        int v = -rank;
        MPI_Send(&v, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
