/* The fixed twin of order-assumed-every-round.c: rank 0 names the source of each receive, so
 * rank 1's value is the base in every round, whatever order the messages arrive in.
 *
 * RANKFOLD-RUN: -np 3 -- 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --shortest -- 4 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int rounds = argc > 1 ? atoi(argv[1]) : 4;
    int total = 0;
    for (int round = 0; round < rounds; ++round) {
        if (rank == 0) {
            int base = 0, extra = 0;
            MPI_Status status;
            MPI_Recv(&base, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &status);
            assert(status.MPI_SOURCE == 1); /* holds: the receive names its source */
            MPI_Recv(&extra, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            total += base * 10 + extra;
        } else if (rank <= 2) {
            const int value = rank;
            MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        }
    }
    if (rank == 0) printf("total %d\n", total);
    MPI_Finalize();
    return 0;
}
