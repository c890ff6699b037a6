/* Distributed arrays: each rank builds the MPI_Type_create_darray type of its part of a global
 * 6x4 int array on a 2x2 process grid (rows by blocks, columns cyclic in blocks of 1; then a
 * Fortran-order one with rows cyclic in blocks of 2), and rank 0 gathers every part of its own
 * full array with those types: each rank sends its part, packed, and rank 0 receives it into
 * the global array through the sender's darray type. Needs exactly 4 ranks.
 * Counts: receives name their source: one state, one execution.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

static MPI_Datatype darray(int rank, int order, int rowdist, int rowarg) {
    int gsizes[2] = {6, 4}, distribs[2] = {rowdist, MPI_DISTRIBUTE_CYCLIC};
    int dargs[2] = {rowarg, 1}, psizes[2] = {2, 2};
    MPI_Datatype t;
    MPI_Type_create_darray(4, rank, 2, gsizes, distribs, dargs, psizes, order, MPI_INT, &t);
    MPI_Type_commit(&t);
    return t;
}

static void gather(int rank, int order, int rowdist, int rowarg) {
    int global[24];
    for (int i = 0; i < 24; ++i) global[i] = rank == 0 ? -1 : 100 * rank + i;
    MPI_Datatype mine = darray(rank, order, rowdist, rowarg);
    int size;
    MPI_Aint lb, extent;
    MPI_Type_size(mine, &size);
    MPI_Type_get_extent(mine, &lb, &extent);
    assert(lb == 0 && extent == 24 * sizeof(int));
    if (rank != 0) {
        MPI_Send(global, 1, mine, 0, 0, MPI_COMM_WORLD);
    } else {
        for (int r = 1; r < 4; ++r) {
            MPI_Datatype theirs = darray(r, order, rowdist, rowarg);
            MPI_Recv(global, 1, theirs, r, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Type_free(&theirs);
        }
        for (int i = 0; i < 6; ++i)
            printf("order %d row %d: %d %d %d %d\n", order, i, global[4 * i], global[4 * i + 1],
                   global[4 * i + 2], global[4 * i + 3]);
    }
    printf("rank %d owns %d bytes\n", rank, size);
    MPI_Type_free(&mine);
}

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    gather(rank, MPI_ORDER_C, MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_DFLT_DARG);
    gather(rank, MPI_ORDER_FORTRAN, MPI_DISTRIBUTE_CYCLIC, 2);
    MPI_Finalize();
    return 0;
}
