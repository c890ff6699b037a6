/* Rank 0 runs several rounds; in each it receives one value from rank 1 and one from rank 2
 * with MPI_ANY_SOURCE and assumes rank 1's comes first (it keeps rank 1's as the base). The
 * assumption can fail in any round. A depth-first search keeps taking rank 1's messages first
 * (rank 1 may run a round ahead) and meets the failure only when rank 1 has none left: a
 * 19-step counterexample. --shortest searches breadth-first for one with the fewest choices:
 * rank 2's message taken first in the first round, 7 steps.
 *
 * RANKFOLD-RUN: -np 3 -- 4 => assertion states=5 transitions=5 executions=1 revisits=0 counterexample_steps=19
 * RANKFOLD-RUN: -np 3 --shortest -- 4 => assertion states=5 transitions=5 executions=1 revisits=0 counterexample_steps=7
 * RANKFOLD-RUN: -np 3 --shortest -- 1 => assertion states=3 transitions=3 executions=2 revisits=0 counterexample_steps=7
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
            MPI_Recv(&base, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
            assert(status.MPI_SOURCE == 1); /* the bug: nothing orders rank 2 after rank 1 */
            MPI_Recv(&extra, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
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
