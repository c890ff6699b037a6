/* Title: MPI_Compare_and_swap and an MPI_Fetch_and_op with MPI_REPLACE on the same bytes in one
 * fence epoch (race-free). The twin of race-rma-cas-fop-sum: a compare-and-swap is a
 * conditional replace, atomic with other replaces (MPI 3.1 §11.7.1; the MCS lock of MPICH's
 * rma/mutex_bench relies on it), so the word is 1 or 2 by the landing order, never torn.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: which of the two lands last is the implementation's choice
 */
#include <mpi.h>
#include <stdio.h>

static int word;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(&word, sizeof word, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int previous = 0;
    const int expected = 0;
    MPI_Win_fence(0, win);
    if (rank == 1) MPI_Fetch_and_op(&rank, &previous, MPI_INT, 0, 0, MPI_REPLACE, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 2) MPI_Compare_and_swap(&rank, &expected, &previous, MPI_INT, 0, 0, win);
    MPI_Win_fence(0, win);
    if (rank == 0) printf("rank 0: word is set: %d\n", word != 0);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
