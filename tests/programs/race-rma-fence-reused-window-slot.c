/* Title: a fence orders a put before its target's read even when the window reuses the slot
 * of a freed window of another group (no race).
 * With a window over MPI_COMM_WORLD open throughout, ranks 0 and 1 make, fence and free a
 * window of their own (three joins); then all four make a window over MPI_COMM_WORLD, which
 * takes the freed slot, and rank 0 puts into rank 3 between two fences. Rank 3 reads after the second: MPI 3.1 §11.5.1, the fence completes the put. The
 * race check once counted the fences of the two windows as one join, apart for ranks 0 and 3,
 * and reported the read (MPICH's rma/putfence1, accfence1 and accfence2).
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int kept_slot;
static int pair_slot;
static int slot = -1;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win kept;
    MPI_Win_create(&kept_slot, sizeof kept_slot, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                   &kept);
    MPI_Comm pair;
    MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, rank, &pair);
    if (pair != MPI_COMM_NULL) {
        MPI_Win first;
        MPI_Win_create(&pair_slot, sizeof pair_slot, sizeof(int), MPI_INFO_NULL, pair, &first);
        MPI_Win_fence(0, first);
        MPI_Win_fence(0, first);
        MPI_Win_free(&first);
        MPI_Comm_free(&pair);
    }
    MPI_Win win;
    MPI_Win_create(&slot, sizeof slot, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    const int value = 42;
    MPI_Win_fence(0, win);
    if (rank == 0) MPI_Put(&value, 1, MPI_INT, 3, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    if (rank == 3) printf("rank 3: slot holds %d\n", slot);
    MPI_Win_free(&win);
    MPI_Win_free(&kept);
    MPI_Finalize();
    return 0;
}
