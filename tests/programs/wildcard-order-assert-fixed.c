/* Wildcard order assertion, fixed: rank 0 takes the two MPI_ANY_SOURCE messages in either order
 * and only asserts that it got one from each of ranks 1 and 2. It records the arrival order in
 * a global, so the two match orders end in different final states: executions=2.
 *
 * RANKFOLD-RUN: -np 3 => ok states=5 transitions=4 executions=2 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => ok states=5 transitions=4 executions=2 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering both => ok states=17 transitions=22 executions=2 revisits=6
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int arrived[2]; /* senders in arrival order */

int main(int argc, char** argv) {
    int rank, v;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Status st;
        for (int i = 0; i < 2; i++) {
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            arrived[i] = st.MPI_SOURCE;
        }
        assert(arrived[0] + arrived[1] == 3 && arrived[0] != arrived[1]);
        printf("rank 0: got both messages\n");
    } else {
        v = rank;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
