/* Invalid tag: a send with a negative tag.
 * Workers tag each result with its step number minus one, so the first result (step 0) goes out
 * with tag -1. Send tags must lie in 0..MPI_TAG_UB; -1 is MPI_ANY_TAG, a wildcard only a
 * receive may use: MPI_ERR_TAG.
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-tag states=0 transitions=0 executions=1 revisits=0
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
            MPI_Send(&result, 1, MPI_INT, 0, step - 1, MPI_COMM_WORLD); /* ERROR */
        } else if (rank == 0) {
            MPI_Status st;
            MPI_Recv(&result, 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            printf("step %d: result %d (tag %d)\n", step, result, st.MPI_TAG);
        }
    }
    MPI_Finalize();
    return 0;
}
