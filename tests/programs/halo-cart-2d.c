/* 2-D halo exchange: a global integer grid is split over a Cartesian communicator
 * (MPI_Dims_create, MPI_Cart_create periodic in the column dimension only), each rank swaps its
 * boundary rows and columns with its four neighbours (MPI_Cart_shift, MPI_Sendrecv; columns are
 * copied through contiguous buffers) and applies an integer 5-point stencil, for a few
 * iterations; then MPI_Allreduce sums a checksum. At the top and bottom edges the neighbour is
 * MPI_PROC_NULL and the halo keeps its fixed boundary value. Rank 0 checks the checksum against
 * the same computation done sequentially on the whole grid.
 * Counts: no wildcard receive, no test, nothing MPI leaves open: one state (the initial one), no
 * choice, one execution, whatever the number of ranks.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 6 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 4 --buffering both => ok states=641 transitions=964 executions=1 revisits=324
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#define NX 3 /* interior rows per rank */
#define NY 4 /* interior columns per rank */
#define ITERS 3
#define BOUNDARY 7 /* value of the fixed halo at the non-periodic edges */

int grid[NX + 2][NY + 2], next[NX + 2][NY + 2];
int sendcol[NX], recvcol[NX];

/* The same computation on the whole grid, sequentially (for at most MAXP x MAXP ranks). */
#define MAXP 4
int whole[MAXP * NX + 2][MAXP * NY], whole_next[MAXP * NX + 2][MAXP * NY];

long weight(int i, int j) {
    return (i * NY + j) % 7 + 1;
}

long sequential_checksum(int prow, int pcol) {
    int rows = prow * NX, cols = pcol * NY;
    for (int j = 0; j < cols; j++) whole[0][j] = whole[rows + 1][j] = BOUNDARY;
    for (int gi = 0; gi < rows; gi++)
        for (int gj = 0; gj < cols; gj++) whole[gi + 1][gj] = (gi * 31 + gj * 17) % 101;
    for (int it = 0; it < ITERS; it++) {
        for (int i = 1; i <= rows; i++)
            for (int j = 0; j < cols; j++)
                whole_next[i][j] = (whole[i][j] * 4 + whole[i - 1][j] + whole[i + 1][j] +
                                    whole[i][(j + cols - 1) % cols] + whole[i][(j + 1) % cols]) %
                                   1000;
        for (int i = 1; i <= rows; i++) memcpy(whole[i], whole_next[i], cols * sizeof(int));
    }
    long sum = 0;
    for (int gi = 0; gi < rows; gi++)
        for (int gj = 0; gj < cols; gj++)
            sum += whole[gi + 1][gj] * weight(gi % NX + 1, gj % NY + 1);
    return sum;
}

int main(int argc, char** argv) {
    int size, rank, dims[2] = {0, 0}, periods[2] = {0, 1}, coords[2];
    MPI_Comm cart;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &cart);
    MPI_Comm_rank(cart, &rank);
    MPI_Cart_coords(cart, rank, 2, coords);

    int up, down, left, right;
    MPI_Cart_shift(cart, 0, 1, &up, &down);    /* dimension 0: rows of ranks, not periodic */
    MPI_Cart_shift(cart, 1, 1, &left, &right); /* dimension 1: columns of ranks, periodic */
    assert((coords[0] == 0) == (up == MPI_PROC_NULL));
    assert((coords[0] == dims[0] - 1) == (down == MPI_PROC_NULL));
    assert(left != MPI_PROC_NULL && right != MPI_PROC_NULL);

    /* Global row gi, column gj holds (gi * 31 + gj * 17) % 101; the halo starts at BOUNDARY. */
    for (int i = 0; i < NX + 2; i++)
        for (int j = 0; j < NY + 2; j++) grid[i][j] = BOUNDARY;
    for (int i = 1; i <= NX; i++)
        for (int j = 1; j <= NY; j++) {
            int gi = coords[0] * NX + i - 1, gj = coords[1] * NY + j - 1;
            grid[i][j] = (gi * 31 + gj * 17) % 101;
        }

    for (int it = 0; it < ITERS; it++) {
        /* Rows are contiguous: the first interior row goes up, the halo below comes from down. */
        MPI_Sendrecv(&grid[1][1], NY, MPI_INT, up, 0, &grid[NX + 1][1], NY, MPI_INT, down, 0, cart,
                     MPI_STATUS_IGNORE);
        MPI_Sendrecv(&grid[NX][1], NY, MPI_INT, down, 1, &grid[0][1], NY, MPI_INT, up, 1, cart,
                     MPI_STATUS_IGNORE);
        /* Columns are strided: copy them through contiguous buffers. */
        for (int i = 0; i < NX; i++) sendcol[i] = grid[i + 1][1];
        MPI_Sendrecv(sendcol, NX, MPI_INT, left, 2, recvcol, NX, MPI_INT, right, 2, cart,
                     MPI_STATUS_IGNORE);
        for (int i = 0; i < NX; i++) grid[i + 1][NY + 1] = recvcol[i];
        for (int i = 0; i < NX; i++) sendcol[i] = grid[i + 1][NY];
        MPI_Sendrecv(sendcol, NX, MPI_INT, right, 3, recvcol, NX, MPI_INT, left, 3, cart,
                     MPI_STATUS_IGNORE);
        for (int i = 0; i < NX; i++) grid[i + 1][0] = recvcol[i];

        for (int i = 1; i <= NX; i++)
            for (int j = 1; j <= NY; j++)
                next[i][j] = (grid[i][j] * 4 + grid[i - 1][j] + grid[i + 1][j] + grid[i][j - 1] +
                              grid[i][j + 1]) %
                             1000;
        for (int i = 1; i <= NX; i++) memcpy(&grid[i][1], &next[i][1], NY * sizeof(int));
    }

    long local = 0, global = 0;
    for (int i = 1; i <= NX; i++)
        for (int j = 1; j <= NY; j++) local += grid[i][j] * weight(i, j);
    MPI_Allreduce(&local, &global, 1, MPI_LONG, MPI_SUM, cart);
    printf("grid %dx%d, rank %d at (%d,%d): local checksum %ld\n", dims[0], dims[1], rank,
           coords[0], coords[1], local);
    if (rank == 0) {
        assert(dims[0] <= MAXP && dims[1] <= MAXP &&
               global == sequential_checksum(dims[0], dims[1]));
        printf("global checksum after %d iterations: %ld (equal to the sequential one)\n", ITERS,
               global);
    }
    MPI_Comm_free(&cart);
    MPI_Finalize();
    return 0;
}
