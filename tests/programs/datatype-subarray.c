/* Subarrays in C and Fortran order: rank 0 sends the 2x3 block at (1, 2) of a 4x5 C array with
 * an MPI_ORDER_C subarray type; each other rank receives the six ints into the 3x2 block at
 * (1, 0) of a 4x3 array it declares in Fortran order (first index fastest), which lands them in
 * its C array b[3][4] as b[0][1..3] and b[1][1..3].
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        int a[4][5], sizes[2] = {4, 5}, subsizes[2] = {2, 3}, starts[2] = {1, 2};
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 5; ++j) a[i][j] = 10 * i + j;
        MPI_Datatype block;
        MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_INT, &block);
        MPI_Type_commit(&block);
        MPI_Aint lb, extent;
        MPI_Type_get_extent(block, &lb, &extent);
        assert(lb == 0 && extent == sizeof a);
        for (int dest = 1; dest < size; ++dest) MPI_Send(a, 1, block, dest, 0, MPI_COMM_WORLD);
        MPI_Type_free(&block);
    } else {
        int b[3][4] = {{0}}, sizes[2] = {4, 3}, subsizes[2] = {3, 2}, starts[2] = {1, 0};
        MPI_Datatype block;
        MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_FORTRAN, MPI_INT, &block);
        MPI_Type_commit(&block);
        MPI_Status status;
        int elements;
        MPI_Recv(b, 1, block, 0, 0, MPI_COMM_WORLD, &status);
        MPI_Get_elements(&status, block, &elements);
        printf("rank %d: %d ints arrived\n", rank, elements);
        for (int r = 0; r < 3; ++r)
            printf("rank %d: b[%d] = %d %d %d %d\n", rank, r, b[r][0], b[r][1], b[r][2], b[r][3]);
        assert(b[0][1] == 12 && b[0][3] == 14 && b[1][1] == 22 && b[1][3] == 24 && b[2][1] == 0);
        MPI_Type_free(&block);
    }
    MPI_Finalize();
    return 0;
}
