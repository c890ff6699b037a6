/* Wildcard receives in a parallel search (issue 20): rank 0 takes one message from each other
 * rank with MPI_ANY_SOURCE and asserts that rank size/2's message is not the first to arrive
 * (it assumes that rank starts late). Only the match order is open, all at rank 0: every order
 * is its own final state. The failing orders start with rank size/2 (3 of senders 1-5), which a
 * depth-first search reaches after the 48 orders that start with rank 1 or 2. Under --jobs 2 the
 * second worker's first request takes the later half of the root's senders (3, 4, 5), so the
 * second worker finds the violation on its first path; its counterexample replays with the
 * sequential --replay (tests/parallel/parallel_check.py). The fixed twin (argument "fixed")
 * only records the order.
 *
 * RANKFOLD-RUN: -np 6 => assertion
 * RANKFOLD-RUN: -np 6 -- fixed => ok states=326 transitions=325 executions=120 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int order[64];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int fixed = argc > 1 && strcmp(argv[1], "fixed") == 0;
    if (rank == 0) {
        for (int i = 1; i < size; ++i) {
            int value;
            MPI_Status status;
            MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
            order[i - 1] = status.MPI_SOURCE;
        }
        if (!fixed) assert(order[0] != size / 2);
        printf("first message from rank %d\n", order[0]);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
