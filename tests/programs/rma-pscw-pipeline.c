/* Title: a pipeline over general active target synchronisation (post/start/complete/wait).
 * Rank r receives from rank r-1 into its window and passes the value, doubled, on to rank
 * r+1 with MPI_Put inside a start/complete access epoch; each target exposes its window to its
 * left neighbour with post/wait.
 *
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 (Debian, ch4:ucx) never delivers the puts of a start/complete
 *   epoch (every target reads 0); SMPI 3.32 agrees with Rankfold
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static int* inbox; /* the window, from MPI_Win_allocate */
static int value;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win win;
    MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &inbox, &win);
    MPI_Group world, left, right;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int left_rank = rank - 1, right_rank = rank + 1;
    MPI_Group_incl(world, rank > 0 ? 1 : 0, &left_rank, &left);
    MPI_Group_incl(world, rank + 1 < size ? 1 : 0, &right_rank, &right);

    if (rank > 0) {
        MPI_Win_post(left, 0, win);
        MPI_Win_wait(win);
        value = *inbox;
    } else {
        value = 1;
    }
    if (rank + 1 < size) {
        value *= 2;
        MPI_Win_start(right, 0, win);
        MPI_Put(&value, 1, MPI_INT, right_rank, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    }
    printf("rank %d: value %d\n", rank, value);
    MPI_Group_free(&left);
    MPI_Group_free(&right);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
