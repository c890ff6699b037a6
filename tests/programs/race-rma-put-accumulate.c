/* Title: MPI_Put and MPI_Accumulate on the same bytes in one fence epoch.
 * Rank 1 accumulates into rank 0's counter while rank 2 puts into it: accumulates are atomic
 * only with accumulates of the same operator and type (MPI 3.1 §11.7.1), so this is a race.
 *
 * RANKFOLD-RUN: -np 3 => race:remote states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: a bugged program (the counter depends on the landing order)
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
    if (rank == 1) MPI_Accumulate(&rank, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win); /* ERROR */
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 2) MPI_Put(&rank, 1, MPI_INT, 0, 0, 1, MPI_INT, win); /* ERROR */
    MPI_Win_fence(0, win);
    if (rank == 0) printf("rank 0: counter %d\n", counter);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
