/* Call after MPI_Finalize: a barrier in a report printed after finalisation.
 * The report helper synchronises the ranks with MPI_Barrier before printing, but it is called
 * after MPI_Finalize. Once a rank has called MPI_Finalize it may call no MPI function other
 * than MPI_Initialized, MPI_Finalized and a few others.
 *
 * RANKFOLD-RUN: -np 2 => usage:call-after-finalize states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int g_rank, g_steps;

static void report(void) {
    MPI_Barrier(MPI_COMM_WORLD); /* ERROR */
    printf("rank %d: %d steps\n", g_rank, g_steps);
}

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    g_steps = 5 + g_rank;
    MPI_Finalize();
    report(); /* the bug: after MPI_Finalize */
    return 0;
}
