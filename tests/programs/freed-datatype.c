/* Freed datatype: rank 0 sends with a datatype handle after freeing it.
 * Its helper done_with() frees the row type, but it takes the handle by value, so MPI_Type_free
 * clears only the helper's copy and main keeps the stale value; and it is called after the
 * first row instead of after the last. The twin freed-datatype-fixed.c frees after the loop.
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-handle states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static void done_with(MPI_Datatype type) {
    MPI_Type_free(&type);
}

int main(int argc, char** argv) {
    int rank, grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Datatype row;
        MPI_Type_contiguous(3, MPI_INT, &row);
        MPI_Type_commit(&row);
        for (int i = 0; i < 2; ++i) {
            MPI_Send(grid[i], 1, row, 1, i, MPI_COMM_WORLD); /* ERROR */
            if (i == 0) done_with(row);
        }
    } else if (rank == 1) {
        for (int i = 0; i < 2; ++i) {
            int got[3];
            MPI_Recv(got, 3, MPI_INT, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            printf("rank 1: row %d = %d %d %d\n", i, got[0], got[1], got[2]);
        }
    }
    MPI_Finalize();
    return 0;
}
