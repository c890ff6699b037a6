/* Title: MPI_Compare_and_swap and an MPI_Fetch_and_op with MPI_SUM on the same bytes in one
 * fence epoch. A compare-and-swap is a conditional replace: atomic with replaces and
 * MPI_NO_OP, but not with a sum (MPI 3.1 §11.7.1, info key accumulate_ops), so this is a race.
 *
 * RANKFOLD-RUN: -np 3 => race:remote states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: a bugged program (the word depends on the landing order)
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
    if (rank == 1) MPI_Fetch_and_op(&rank, &previous, MPI_INT, 0, 0, MPI_SUM, win); /* ERROR */
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 2) MPI_Compare_and_swap(&rank, &expected, &previous, MPI_INT, 0, 0, win); /* ERROR */
    MPI_Win_fence(0, win);
    if (rank == 0) printf("rank 0: word %d\n", word);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
