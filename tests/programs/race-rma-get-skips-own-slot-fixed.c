/* Title: a get whose indexed target datatype skips the slot its origin accumulates into, in one
 * lock epoch (no race).
 * The fetch-and-add counter of "Using MPI-2" (MPICH's rma/fetchandadd): rank 0 holds one slot
 * per rank; ranks 1 and 2 each lock it exclusively, add 1 to their own slot by MPI_Accumulate
 * and read every other slot by MPI_Get with an indexed datatype that leaves their own out.
 * The get touches only the type's blocks, so it shares no byte with the accumulate, although
 * its span covers it: the race check once took the span for the bytes and reported them.
 * Twin: race-rma-get-skips-own-slot.c.
 *
 * RANKFOLD-RUN: -np 3 => ok states=4 transitions=4 executions=1 revisits=1
 */
#include <mpi.h>
#include <stdio.h>

static int counters[3];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win win;
    MPI_Win_create(counters, rank == 0 ? sizeof counters : 0, sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win);
    if (rank != 0) {
        int lengths[2] = {rank, size - rank - 1};
        int displacements[2] = {0, rank + 1};
        MPI_Datatype others;
        MPI_Type_indexed(2, lengths, displacements, MPI_INT, &others);
        MPI_Type_commit(&others);
        int seen[3] = {0, 0, 0};
        const int one = 1;
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Accumulate(&one, 1, MPI_INT, 0, rank, 1, MPI_INT, MPI_SUM, win);
        MPI_Get(seen, 1, others, 0, 0, 1, others, win);
        MPI_Win_unlock(0, win);
        /* What it read depends on which rank locked first: only that it read is printed. */
        printf("rank %d: read the others' slots (%s)\n", rank,
               seen[rank] == 0 ? "not its own" : "?");
        MPI_Type_free(&others);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
