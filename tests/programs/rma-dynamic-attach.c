/* Title: a dynamic window: each rank attaches an array, publishes its address, and its left
 * neighbour puts into it by absolute address, between two fences; then detaches and frees.
 * Also sets and reads back a window info hint (MPI_Win_set_info/get_info).
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int slots[4];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win win;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_attach(win, slots, sizeof slots);
    MPI_Aint mine, addresses[8];
    MPI_Get_address(&slots[2], &mine);
    MPI_Allgather(&mine, 1, MPI_AINT, addresses, 1, MPI_AINT, MPI_COMM_WORLD);

    const int right = (rank + 1) % size;
    const int value = 100 + rank;
    MPI_Win_fence(0, win);
    MPI_Put(&value, 1, MPI_INT, right, addresses[right], 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    printf("rank %d: slot 2 holds %d\n", rank, slots[2]);

    MPI_Info hint;
    MPI_Info_create(&hint);
    MPI_Info_set(hint, "no_locks", "true");
    MPI_Win_set_info(win, hint);
    MPI_Info_free(&hint);
    MPI_Info used;
    MPI_Win_get_info(win, &used);
    char text[MPI_MAX_INFO_VAL];
    int flag = 0;
    MPI_Info_get(used, "no_locks", MPI_MAX_INFO_VAL, text, &flag);
    printf("rank %d: no_locks %s\n", rank, flag ? text : "unset");
    MPI_Info_free(&used);

    MPI_Win_detach(win, slots);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
