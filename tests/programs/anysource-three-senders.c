/* Any-source receiver: rank 0 takes three MPI_ANY_SOURCE messages, one from each of ranks 1-3,
 * and records the senders' order in a global array. The 3! = 6 match orders are the only
 * choices, all at rank 0 (so none are independent), and each order ends in its own final state:
 * a tree of 1 + 3 + 6 + 6 = 16 states and 15 transitions, with or without reduction or state
 * matching. With `sum` rank 0 keeps only the sum, so a state is fixed by the set of senders taken
 * so far: 1 + 3 + 3 + 1 = 8 states, one final state; states seen before are not expanded again,
 * so 3 + 3x2 + 3x1 = 12 transitions, 5 of them revisits. --buffering both also makes each send
 * buffered or not: 2^3 x 6 = 48 executions without state matching, 6 final states with it.
 *
 * RANKFOLD-RUN: -np 4 => ok states=16 transitions=15 executions=6 revisits=0
 * RANKFOLD-RUN: -np 4 --no-state-matching => ok states=16 transitions=15 executions=6 revisits=0
 * RANKFOLD-RUN: -np 4 --no-reduction => ok states=16 transitions=15 executions=6 revisits=0
 * RANKFOLD-RUN: -np 4 -- sum => ok states=8 transitions=12 executions=1 revisits=5
 * RANKFOLD-RUN: -np 4 --no-state-matching -- sum => ok states=16 transitions=15 executions=6 revisits=0
 * RANKFOLD-RUN: -np 4 --buffering both => ok states=78 transitions=110 executions=6 revisits=33
 * RANKFOLD-RUN: -np 4 --buffering both --no-state-matching => ok states=201 transitions=200 executions=48 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int order[3]; /* senders in arrival order (without `sum`) */
int v, sum;   /* global, so what rank 0 keeps is exactly what the comment above says */

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int only_sum = argc > 1 && strcmp(argv[1], "sum") == 0;
    if (rank == 0) {
        MPI_Status st;
        for (int i = 0; i < 3; i++) {
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD,
                     only_sum ? MPI_STATUS_IGNORE : &st);
            if (!only_sum) order[i] = st.MPI_SOURCE;
            sum += v;
            v = 0;
        }
        assert(sum == 60 && (only_sum || order[0] + order[1] + order[2] == 6));
        printf("rank 0: received from all three senders, sum %d\n", sum);
    } else {
        v = 10 * rank;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
