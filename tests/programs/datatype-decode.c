/* Decoding datatypes: MPI_Type_get_envelope and MPI_Type_get_contents of a vector of a vector,
 * an hindexed_block, a struct, a resized and a subarray type, and of a predefined one; the
 * inner vector comes back as a new handle the program frees (MPI 3.1 §4.1.13), and decoding it
 * again gives the inner constructor. Rank 0 then sends with a decoded copy of the struct.
 * Counts: nothing to choose: one state, one execution.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

static void show(const char* what, MPI_Datatype t) {
    int ni, na, nd, combiner, ints[16];
    MPI_Aint addrs[16];
    MPI_Datatype types[4];
    MPI_Type_get_envelope(t, &ni, &na, &nd, &combiner);
    printf("%s: combiner %d, %d ints, %d addresses, %d types\n", what, combiner, ni, na, nd);
    if (combiner == MPI_COMBINER_NAMED) return;
    MPI_Type_get_contents(t, 16, 16, 4, ints, addrs, types);
    for (int i = 0; i < ni; ++i) printf("%s: int %d = %d\n", what, i, ints[i]);
    for (int i = 0; i < na; ++i) printf("%s: address %d = %ld\n", what, i, (long)addrs[i]);
    for (int i = 0; i < nd; ++i) {
        int tni, tna, tnd, tc;
        MPI_Type_get_envelope(types[i], &tni, &tna, &tnd, &tc);
        printf("%s: type %d has combiner %d\n", what, i, tc);
        if (tc != MPI_COMBINER_NAMED) MPI_Type_free(&types[i]);
    }
}

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype inner, outer, hib, st, resized, sub;
    MPI_Type_vector(2, 1, 2, MPI_INT, &inner);
    MPI_Type_vector(3, 1, 4, inner, &outer);
    MPI_Aint disps[3] = {0, 16, 40};
    MPI_Type_create_hindexed_block(3, 2, disps, MPI_SHORT, &hib);
    int lengths[2] = {1, 2};
    MPI_Aint sdisps[2] = {0, 8};
    MPI_Datatype stypes[2] = {MPI_DOUBLE, MPI_INT};
    MPI_Type_create_struct(2, lengths, sdisps, stypes, &st);
    MPI_Type_commit(&st);
    MPI_Type_create_resized(st, 0, 24, &resized);
    int sizes[2] = {4, 5}, subsizes[2] = {2, 3}, starts[2] = {1, 1};
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_FLOAT, &sub);
    MPI_Type_free(&inner); /* the outer vector keeps what it was made of */
    if (rank == 0) {
        show("int", MPI_INT);
        show("outer", outer);
        show("hindexed_block", hib);
        show("struct", st);
        show("resized", resized);
        show("subarray", sub);
    }
    int ni, na, nd, combiner;
    MPI_Datatype copy;
    MPI_Type_get_envelope(resized, &ni, &na, &nd, &combiner);
    assert(combiner == MPI_COMBINER_RESIZED && na == 2 && nd == 1);
    MPI_Type_get_contents(resized, 0, 2, 1, NULL, (MPI_Aint[2]){0}, &copy);
    MPI_Type_commit(&copy);
    struct {
        double d;
        int i[2];
    } v = {rank == 0 ? 2.5 : 0, {rank == 0 ? 7 : 0, rank == 0 ? 8 : 0}};
    if (rank == 0) MPI_Send(&v, 1, copy, 1, 0, MPI_COMM_WORLD);
    if (rank == 1) {
        MPI_Recv(&v, 1, st, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("received %.1f %d %d\n", v.d, v.i[0], v.i[1]);
    }
    MPI_Datatype* all[] = {&outer, &hib, &st, &resized, &sub, &copy};
    for (int i = 0; i < 6; ++i) MPI_Type_free(all[i]);
    MPI_Finalize();
    return 0;
}
