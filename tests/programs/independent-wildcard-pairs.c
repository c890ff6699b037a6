/* Independent pairs: ranks 2p and 2p+1 swap two messages each, taken with MPI_ANY_SOURCE, and
 * never talk to another pair. Every order of the four wildcard matches of a pair ends the same,
 * and the pairs do not interact, so the whole program is one trace: sleep sets still visit every
 * mix of the pairs' progress (9 states per pair, multiplied: 9^4 at 8 ranks), source sets one
 * interleaving (4 matches per pair, added: 17 states at 8 ranks).
 *
 * RANKFOLD-RUN: -np 8 => ok states=6561 transitions=6560 executions=1 revisits=0
 * RANKFOLD-RUN: -np 8 --reduction source => ok states=17 transitions=16 executions=1 revisits=0
 * RANKFOLD-RUN: -np 8 --reduction source --no-state-matching => ok states=17 transitions=16 executions=1 revisits=0
 * RANKFOLD-RUN: -np 4 --reduction source => ok states=9 transitions=8 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int partner = rank ^ 1;
    int in[2] = {0, 0};
    if (partner < size) {
        int out[2] = {rank, rank + 100};
        MPI_Request sends[2];
        for (int k = 0; k < 2; ++k)
            MPI_Isend(&out[k], 1, MPI_INT, partner, k, MPI_COMM_WORLD, &sends[k]);
        for (int k = 0; k < 2; ++k)
            MPI_Recv(&in[k], 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        MPI_Waitall(2, sends, MPI_STATUSES_IGNORE);
    }
    printf("rank %d: %d\n", rank, in[0] + in[1]);
    MPI_Finalize();
    return 0;
}
