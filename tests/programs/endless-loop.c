/* Endless loop: rank 1 waits for a flag that nothing ever sets, spinning without MPI calls.
 * Only visible calls give the checker control back, so the watchdog stops rank 1 after
 * --watchdog seconds of CPU time and reports non-progress at the loop. The twin
 * endless-loop-fixed.c receives the flag.
 *
 * RANKFOLD-RUN: -np 2 --watchdog 2 => non-progress states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: never terminates under mpiexec
 */
#include <mpi.h>
#include <stdio.h>

static volatile int ready;

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        while (!ready) { /* ERROR */
        }
        printf("rank 1 saw the flag\n");
    }
    MPI_Finalize();
    return 0;
}
