/* Title: request-based RMA (MPI_Rput, MPI_Rget, MPI_Raccumulate, MPI_Rget_accumulate) inside
 * MPI_Win_lock_all epochs, each request completed with MPI_Wait or MPI_Waitall.
 * Every rank adds its rank to rank 0's slot 0 and reads slot 1 with MPI_Rget_accumulate
 * (MPI_NO_OP); rank 0 reads the total once everyone is done.
 *
 * RANKFOLD-RUN: -np 3 => ok states=10 transitions=14 executions=1 revisits=5
 */
#include <mpi.h>
#include <stdio.h>

static int window[2];
static int total = -1;
static int seven = -1;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(window, sizeof window, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        const int value = 7;
        MPI_Request put;
        MPI_Win_lock_all(0, win);
        MPI_Rput(&value, 1, MPI_INT, 0, 1, 1, MPI_INT, win, &put);
        MPI_Wait(&put, MPI_STATUS_IGNORE);
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Request requests[2];
    MPI_Win_lock_all(0, win);
    MPI_Raccumulate(&rank, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win, &requests[0]);
    MPI_Rget_accumulate(NULL, 0, MPI_INT, &seven, 1, MPI_INT, 0, 1, 1, MPI_INT, MPI_NO_OP, win,
                        &requests[1]);
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Request get;
        MPI_Win_lock_all(0, win);
        MPI_Rget(&total, 1, MPI_INT, 0, 0, 1, MPI_INT, win, &get);
        MPI_Wait(&get, MPI_STATUS_IGNORE);
        MPI_Win_unlock_all(win);
        printf("total %d\n", total);
    }
    printf("rank %d: slot 1 read %d\n", rank, seven);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
