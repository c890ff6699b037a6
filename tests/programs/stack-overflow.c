/* Stack overflow: rank 1 recurses without end and runs off its stack.
 * The fault in the stack's guard page is a crash of rank 1, reported at the entry of the frame
 * that did not fit, while the other ranks and the checker carry on. Its fixed twin is
 * stack-depth-bounded.c.
 *
 * RANKFOLD-RUN: -np 2 => crash states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int depth(volatile int n) { /* ERROR */
    volatile char frame[512];
    frame[0] = (char)n;
    return depth(n + 1) + frame[0];
}

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) printf("%d\n", depth(0));
    MPI_Finalize();
    return 0;
}
