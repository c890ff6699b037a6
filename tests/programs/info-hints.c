/* Info objects: hints set, read back, duplicated, listed and deleted, on every rank.
 * Each rank fills an info object with two hints, replaces one, duplicates the object, deletes
 * a key from the copy and lists both objects' keys (by MPI_Info_get_nthkey) with their values
 * and value lengths; a missing key reads as flag 0. Purely local: no choices.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_name(const void* a, const void* b) {
    return strcmp((const char*)a, (const char*)b);
}

/* The keys in name order: MPI leaves the order of MPI_Info_get_nthkey to the implementation. */
static void show(int rank, const char* what, MPI_Info info) {
    int nkeys, i, len, flag;
    char keys[4][MPI_MAX_INFO_KEY + 1], value[MPI_MAX_INFO_VAL + 1];
    MPI_Info_get_nkeys(info, &nkeys);
    for (i = 0; i < nkeys && i < 4; i++) MPI_Info_get_nthkey(info, i, keys[i]);
    qsort(keys, (size_t)i, sizeof keys[0], by_name);
    for (i = 0; i < nkeys && i < 4; i++) {
        MPI_Info_get_valuelen(info, keys[i], &len, &flag);
        MPI_Info_get(info, keys[i], MPI_MAX_INFO_VAL, value, &flag);
        printf("rank %d %s: %s=%s (%d chars)\n", rank, what, keys[i], value, len);
    }
}

int main(int argc, char** argv) {
    int rank, flag;
    char value[8];
    MPI_Info hints, copy;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info_create(&hints);
    MPI_Info_set(hints, "access_style", "write_once");
    MPI_Info_set(hints, "cb_nodes", rank == 0 ? "2" : "4");
    MPI_Info_set(hints, "access_style", "read_mostly");
    MPI_Info_dup(hints, &copy);
    MPI_Info_delete(copy, "cb_nodes");
    show(rank, "hints", hints);
    show(rank, "copy", copy);
    MPI_Info_get(copy, "cb_nodes", 7, value, &flag);
    printf("rank %d: copy has cb_nodes: %d\n", rank, flag);
    MPI_Info_free(&copy);
    MPI_Info_free(&hints);
    printf("rank %d: freed: %d\n", rank, hints == MPI_INFO_NULL);
    MPI_Finalize();
    return 0;
}
