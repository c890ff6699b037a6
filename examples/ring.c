/* Ring: a token travels once around all ranks and each rank adds its rank number.
 * A correct program: rank 0 starts the token, every other rank first receives from its left
 * neighbour and only then sends to its right, so every send has a receiver waiting for it.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
/*
 * Try it:
 *   rankfold-cc -o ring ring.c
 *   rankfold-run -np 4 ./ring
 *
 * Rankfold explores every way the ranks can interleave and reports "no violation". Compare with
 * send-send-deadlock.c, where the order of sends and receives is wrong.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, token;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Neighbours on the ring: rank size-1 wraps around to rank 0. */
    int right = (rank + 1) % size;
    int left = (rank + size - 1) % size;

    if (rank == 0) {
        /* Rank 0 starts the token, then waits for it to come back around. */
        token = 0;
        MPI_Send(&token, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

        /* Everyone added its rank once: 0 + 1 + ... + (size-1). */
        assert(token == size * (size - 1) / 2);
        printf("rank 0: the token came back as %d\n", token);
    } else {
        /* Receive first, then send. Rank 0 sends before it receives anything, so rank 1's
         * receive completes, then rank 2's, and so on around the ring. If every rank sent
         * first instead, each send could wait for a receive that is never posted: a cycle of
         * waiting ranks (see send-send-deadlock.c). */
        MPI_Recv(&token, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        token += rank;
        printf("rank %d: passing %d to rank %d\n", rank, token, right);
        MPI_Send(&token, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return 0;
}
