/* Pairs of wildcards: ranks 2p and 2p+1 form pair p; in each round each member sends two
 * messages to its partner and takes two with MPI_ANY_SOURCE/MPI_ANY_TAG, in either order. The
 * pairs never talk to each other, so their choices are independent: a search that explores
 * states per pair grows linearly in the number of pairs, one that explores interleavings of the
 * pairs' choices (sleep sets alone) exponentially. Usage: wildcard_pairs [rounds] (default 1);
 * run with an even number of ranks. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int rounds = argc > 1 ? atoi(argv[1]) : 1;
    const int partner = rank ^ 1;
    int sum = 0;
    for (int r = 0; r < rounds && partner < size; ++r) {
        int out[2] = {rank, rank + 100}, in[2];
        MPI_Request requests[2];
        MPI_Isend(&out[0], 1, MPI_INT, partner, 0, MPI_COMM_WORLD, &requests[0]);
        MPI_Isend(&out[1], 1, MPI_INT, partner, 1, MPI_COMM_WORLD, &requests[1]);
        for (int k = 0; k < 2; ++k)
            MPI_Recv(&in[k], 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
        sum += in[0] + in[1];
    }
    if (rank == 0) printf("sum %d\n", sum);
    MPI_Finalize();
    return 0;
}
