/* Invalid tag, fixed: each result is tagged with its step number, 0 or more.
 * Rank 1 sends one result per step with tag = step; rank 0 receives with MPI_ANY_TAG (which a
 * receive may use) and prints the tag it got.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

#define STEPS 2

int main(int argc, char** argv) {
    int rank, result;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int step = 0; step < STEPS; step++) {
        if (rank == 1) {
            result = step * step + 1;
            MPI_Send(&result, 1, MPI_INT, 0, step, MPI_COMM_WORLD);
        } else if (rank == 0) {
            MPI_Status st;
            MPI_Recv(&result, 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            printf("step %d: result %d (tag %d)\n", step, result, st.MPI_TAG);
        }
    }
    MPI_Finalize();
    return 0;
}
