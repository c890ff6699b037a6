/* Title: MPI_Put races with the target's own read in the same fence epoch.
 * Rank 0 puts into rank 1's window; rank 1 reads the slot before the closing fence. MPI 3.1
 * §11.7: the put may land at any moment until that fence completes it, so the read is a remote
 * race (RMA Sanitizer's "put vs target load").
 *
 * RANKFOLD-RUN: -np 2 => race:remote states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --no-races => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: a bugged program (what rank 1 reads depends on when the put lands)
 */
#include <mpi.h>
#include <stdio.h>

static int slot;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(&slot, sizeof slot, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    int seen = -1;
    if (rank == 0) {
        const int value = 42;
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* ERROR */
    } else {
        seen = slot; /* ERROR */
    }
    MPI_Win_fence(0, win);
    if (rank == 1) printf("rank 1: read %d, now %d\n", seen, slot);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
