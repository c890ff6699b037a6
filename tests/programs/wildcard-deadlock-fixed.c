/* Wildcard deadlock, fixed: after the MPI_ANY_SOURCE receive, rank 0 receives from the rank it
 * has not heard from yet (the other of 1 and 2). Both match orders complete; they end in
 * different final states (a and b are swapped), so executions=2.
 *
 * RANKFOLD-RUN: -np 3 => ok states=3 transitions=2 executions=2 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => ok states=3 transitions=2 executions=2 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int a, b; /* global, so the two match orders end in different states */

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Status st;
        MPI_Recv(&a, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
        MPI_Recv(&b, 1, MPI_INT, 3 - st.MPI_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 0: got %d\n", a + b);
    } else {
        a = rank;
        MPI_Send(&a, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
