/* Freed datatype, fixed: the row type is freed once, after the last send that uses it.
 * The twin of freed-datatype.c, which must be reported; this one must not.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

static void done_with(MPI_Datatype* type) {
    MPI_Type_free(type);
}

int main(int argc, char** argv) {
    int rank, grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Datatype row;
        MPI_Type_contiguous(3, MPI_INT, &row);
        MPI_Type_commit(&row);
        for (int i = 0; i < 2; ++i) MPI_Send(grid[i], 1, row, 1, i, MPI_COMM_WORLD);
        done_with(&row);
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
