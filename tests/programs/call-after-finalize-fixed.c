/* Call after MPI_Finalize, fixed: the report (and its barrier) comes before MPI_Finalize.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int g_rank, g_steps;

static void report(void) {
    MPI_Barrier(MPI_COMM_WORLD);
    printf("rank %d: %d steps\n", g_rank, g_steps);
}

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    g_steps = 5 + g_rank;
    report();
    MPI_Finalize();
    return 0;
}
