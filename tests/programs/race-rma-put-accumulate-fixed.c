/* Title: two MPI_Accumulate with MPI_SUM on the same bytes in one fence epoch (race-free).
 * The twin of race-rma-put-accumulate: both ranks accumulate with the same operator and type,
 * which MPI 3.1 §11.7.1 makes element-wise atomic, so the counter is 1 + 2 whatever the order.
 *
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 (Debian, ch4:ucx) loses what one-sided operations write or read
 *   on this window from MPI_Win_create (prints 0 or garbage); SMPI 3.32 agrees with Rankfold
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int counter;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(&counter, sizeof counter, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank == 1) MPI_Accumulate(&rank, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 2) MPI_Accumulate(&rank, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);
    if (rank == 0) printf("rank 0: counter %d\n", counter);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
