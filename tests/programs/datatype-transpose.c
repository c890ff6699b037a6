/* Matrix transpose with a derived datatype: the classic column type (vector, resized to one
 * element) lets rank 0 send a matrix column by column; the other ranks receive plain ints.
 * Rank 0 sends each other rank its own 4x4 matrix, transposed on the way by the datatype; the
 * receiver checks the layout and counts with MPI_Get_count and MPI_Get_elements.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 4 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

#define N 4

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* One column of an N x N int matrix, resized so that column j + 1 starts one int later. */
    MPI_Datatype column, column_resized;
    MPI_Type_vector(N, 1, N, MPI_INT, &column);
    MPI_Type_create_resized(column, 0, sizeof(int), &column_resized);
    MPI_Type_commit(&column_resized);
    MPI_Type_free(&column); /* only column_resized is used; it keeps what it needs */

    MPI_Aint lb, extent, true_lb, true_extent;
    MPI_Type_get_extent(column_resized, &lb, &extent);
    MPI_Type_get_true_extent(column_resized, &true_lb, &true_extent);
    assert(lb == 0 && extent == sizeof(int));
    assert(true_lb == 0 && true_extent == (N * (N - 1) + 1) * (MPI_Aint)sizeof(int));

    if (rank == 0) {
        int a[N][N];
        for (int dest = 1; dest < size; ++dest) {
            for (int i = 0; i < N; ++i)
                for (int j = 0; j < N; ++j) a[i][j] = 100 * dest + 10 * i + j;
            MPI_Send(&a[0][0], N, column_resized, dest, 0, MPI_COMM_WORLD);
        }
    } else {
        int t[N][N];
        MPI_Status status;
        MPI_Recv(&t[0][0], N * N, MPI_INT, 0, 0, MPI_COMM_WORLD, &status);
        int count, elements, columns;
        MPI_Get_count(&status, MPI_INT, &count);
        MPI_Get_elements(&status, column_resized, &elements);
        MPI_Get_count(&status, column_resized, &columns);
        printf("rank %d: received %d ints (%d columns, %d basic elements)\n", rank, count,
               columns, elements);
        for (int i = 0; i < N; ++i) {
            for (int j = 0; j < N; ++j) assert(t[i][j] == 100 * rank + 10 * j + i);
            printf("rank %d: row %d = %d %d %d %d\n", rank, i, t[i][0], t[i][1], t[i][2], t[i][3]);
        }
    }
    MPI_Type_free(&column_resized);
    MPI_Finalize();
    return 0;
}
