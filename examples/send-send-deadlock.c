/* Send-send deadlock: two ranks both send to each other before either receives.
 * MPI_Send may wait until the matching receive is posted; MPI promises no buffering, so with
 * none both ranks wait in MPI_Send forever. Real MPIs buffer small messages ("eager" sends),
 * which hides the bug until the messages grow.
 *
 * RANKFOLD-RUN: -np 2 --buffering zero => deadlock states=0 transitions=0 executions=1 revisits=0 counterexample_steps=4
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering both => deadlock states=2 transitions=2 executions=1 revisits=0
 */
/*
 * Try it:
 *   rankfold-cc -o send-send-deadlock send-send-deadlock.c
 *   rankfold-run -np 2 ./send-send-deadlock                       # deadlock
 *   rankfold-run -np 2 --buffering infinite ./send-send-deadlock  # ok: sends are buffered
 *   rankfold-run -np 2 --buffering both ./send-send-deadlock      # deadlock too
 *
 * With the default --buffering zero, a standard-mode send completes only when a receive takes
 * it: the strictest behaviour MPI allows, and so the one a portable program must survive.
 * Under mpiexec this program usually "works", because a 4-byte message is sent eagerly.
 *
 * Fixes: let one rank receive first (e.g. odd ranks), use MPI_Sendrecv, or post the receive
 * with MPI_Irecv before sending and wait for it afterwards.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, mine, theirs;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int other = 1 - rank; /* rank 0 talks to rank 1 and vice versa */
    mine = 10 + rank;

    /* The bug: both ranks get here at the same time, and each send waits for a receive that
     * the other rank will only post after its own send has completed. */
    MPI_Send(&mine, 1, MPI_INT, other, 0, MPI_COMM_WORLD); /* ERROR */
    MPI_Recv(&theirs, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    printf("rank %d: got %d\n", rank, theirs);
    MPI_Finalize();
    return 0;
}
