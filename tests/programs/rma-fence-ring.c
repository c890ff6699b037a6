/* Title: fence-synchronised ring of MPI_Put and MPI_Get on a window made by MPI_Win_create.
 * Each rank puts its rank into its right neighbour's window and gets its left neighbour's
 * second slot, between two fences; the window's attributes, group and name are read back.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

// The window is a global: MPICH 4.0.2 (Debian) misplaces windows on the stack.
static int slots[2] = {-1, 0};

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    slots[1] = 100 + rank;
    MPI_Win win;
    MPI_Win_create(slots, sizeof slots, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    MPI_Aint* win_size;
    int* disp_unit;
    int* flavor;
    void* base;
    int flag;
    MPI_Win_get_attr(win, MPI_WIN_BASE, &base, &flag);
    MPI_Win_get_attr(win, MPI_WIN_SIZE, &win_size, &flag);
    MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, &disp_unit, &flag);
    MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, &flavor, &flag);
    MPI_Group group;
    int group_size;
    MPI_Win_get_group(win, &group);
    MPI_Group_size(group, &group_size);
    MPI_Group_free(&group);
    MPI_Win_set_name(win, "ring");
    char name[MPI_MAX_OBJECT_NAME];
    int length;
    MPI_Win_get_name(win, name, &length);
    printf("rank %d: base ok %d, size %ld, disp unit %d, flavor create %d, group %d, name %s\n",
           rank, base == (void*)slots, (long)*win_size, *disp_unit,
           *flavor == MPI_WIN_FLAVOR_CREATE, group_size, name);

    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    int fetched = -1;
    MPI_Win_fence(0, win);
    MPI_Put(&rank, 1, MPI_INT, right, 0, 1, MPI_INT, win);
    MPI_Get(&fetched, 1, MPI_INT, left, 1, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    printf("rank %d: slot 0 = %d (from rank %d), fetched %d\n", rank, slots[0], left, fetched);
    MPI_Win_free(&win);
    printf("rank %d: win null after free %d\n", rank, win == MPI_WIN_NULL);
    MPI_Finalize();
    return 0;
}
