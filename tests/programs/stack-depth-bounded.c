/* Bounded recursion: the twin of stack-overflow.c, which stops at a depth of 1000 frames.
 * About 600 KiB of stack, well inside a rank's 8 MiB.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int depth(volatile int n) {
    volatile char frame[512];
    frame[0] = (char)(n & 1);
    if (n == 1000) return 0;
    return depth(n + 1) + frame[0];
}

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) printf("odd frames: %d\n", depth(0));
    MPI_Finalize();
    return 0;
}
