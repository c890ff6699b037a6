/* Title: The fixed twin of rma-fence-noput: rank 0 only gets from rank 1, which asserted
 * MPI_MODE_NOPUT (a get does not update the target's window). No violation.
 *
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 (Debian, ch4:ucx) loses what one-sided operations write or read
 *   on this window from MPI_Win_create (prints 0 for what it fetched); SMPI 3.32 agrees with
 *   Rankfold
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int slot;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    slot = 10 + rank;
    MPI_Win win;
    MPI_Win_create(&slot, sizeof slot, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int fetched = 0;
    MPI_Win_fence(rank == 1 ? MPI_MODE_NOPUT : 0, win);
    if (rank == 0) MPI_Get(&fetched, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    if (rank == 1) MPI_Get(&fetched, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    printf("rank %d: fetched %d\n", rank, fetched);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
