/* The MPI-1 names MPI 3.0 removed, which real codes (and MPICH's test suite) still use:
 * MPI_Address, MPI_Type_struct, MPI_Type_hindexed, MPI_Type_extent/lb/ub, MPI_Errhandler_set/
 * get, MPI_Keyval_create/free and MPI_Attr_put/get/delete. Each behaves as its MPI-2 successor;
 * rank 0 sends a struct described with them to rank 1.
 * Counts: nothing to choose (one send, one receive): one state, one execution.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

struct item {
    char tag;
    double value;
    int count;
};

int main(int argc, char** argv) {
    int rank, key, flag = 0, lengths[3] = {1, 1, 1}, blocks[2] = {1, 1};
    int payload = 42, *got = NULL;
    struct item it = {0, 0, 0};
    MPI_Aint base, where[3], extent, lb, ub, gaps[2];
    MPI_Datatype types[3] = {MPI_CHAR, MPI_DOUBLE, MPI_INT}, item_type, two_ints;
    MPI_Errhandler handler;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Errhandler_set(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Errhandler_get(MPI_COMM_WORLD, &handler);
    assert(handler == MPI_ERRORS_RETURN);

    MPI_Address(&it, &base);
    MPI_Address(&it.tag, &where[0]);
    MPI_Address(&it.value, &where[1]);
    MPI_Address(&it.count, &where[2]);
    for (int i = 0; i < 3; i++) where[i] -= base;
    MPI_Type_struct(3, lengths, where, types, &item_type);
    MPI_Type_commit(&item_type);
    MPI_Type_extent(item_type, &extent);
    MPI_Type_lb(item_type, &lb);
    MPI_Type_ub(item_type, &ub);
    assert(lb == 0 && extent == (MPI_Aint)sizeof(struct item) && ub == extent);

    gaps[0] = 0;
    gaps[1] = 2 * sizeof(int);
    MPI_Type_hindexed(2, blocks, gaps, MPI_INT, &two_ints);
    MPI_Type_extent(two_ints, &extent);
    assert(extent == 3 * (MPI_Aint)sizeof(int));
    MPI_Type_free(&two_ints);

    MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, &key, NULL);
    MPI_Attr_put(MPI_COMM_WORLD, key, &payload);
    MPI_Attr_get(MPI_COMM_WORLD, key, &got, &flag);
    assert(flag && *got == 42);
    MPI_Attr_delete(MPI_COMM_WORLD, key);
    MPI_Attr_get(MPI_COMM_WORLD, key, &got, &flag);
    assert(!flag);
    MPI_Keyval_free(&key);

    if (rank == 0) {
        it.tag = 'x';
        it.value = 2.5;
        it.count = 7;
        MPI_Send(&it, 1, item_type, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&it, 1, item_type, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(it.tag == 'x' && it.value == 2.5 && it.count == 7);
        printf("received %c %g %d\n", it.tag, it.value, it.count);
    }
    MPI_Type_free(&item_type);
    MPI_Finalize();
    return 0;
}
