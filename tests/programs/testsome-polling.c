/* Testsome polling: rank 0 polls its pending receives with MPI_Testsome until all are done.
 * Every other rank sends two messages (tags 1 and 2). Testsome may report any subset each time;
 * once every request is null it must report outcount MPI_UNDEFINED.
 *
 * RANKFOLD-RUN: -np 3 => ok states=118 transitions=368 executions=1 revisits=251
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=6 transitions=12 executions=1 revisits=7
 * RANKFOLD-CFLAGS: -O0
 * Built with the memory-access instrumentation at -O0, where semantic state equality (the
 * default) reads the frames' live variables from DWARF: the instrumented code leaves other
 * values in callee-saved registers and stack slots across its MPI calls, dead ones, which
 * exact equality counts:
 * RANKFOLD-RUN: -np 3 --state-equality exact => ok states=127 transitions=400 executions=1 revisits=274
 * RANKFOLD-RUN: -np 2 --buffering infinite --state-equality exact => ok states=7 transitions=16 executions=1 revisits=10
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
        int vals[64], n = 2 * (size - 1), done = 0, sum = 0, outcount, idx[64];
        MPI_Request reqs[64];
        MPI_Status sts[64];
        for (int i = 0; i < n; i++)
            MPI_Irecv(&vals[i], 1, MPI_INT, i / 2 + 1, i % 2 + 1, MPI_COMM_WORLD, &reqs[i]);
        while (done < n) {
            MPI_Testsome(n, reqs, &outcount, idx, sts);
            assert(outcount >= 0 && outcount <= n - done);
            for (int k = 0; k < outcount; k++) {
                int i = idx[k];
                assert(sts[k].MPI_SOURCE == i / 2 + 1 && sts[k].MPI_TAG == i % 2 + 1);
                assert(vals[i] == 100 * (i / 2 + 1) + i % 2 + 1);
                sum += vals[i];
            }
            done += outcount;
        }
        MPI_Testsome(n, reqs, &outcount, idx, sts);
        assert(outcount == MPI_UNDEFINED);
        printf("rank 0: %d receives completed, sum %d\n", n, sum);
    } else {
        for (int tag = 1; tag <= 2; tag++) {
            int v = 100 * rank + tag;
            MPI_Send(&v, 1, MPI_INT, 0, tag, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
