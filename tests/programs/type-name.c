/* Datatype names: MPI_Type_get_name returns a predefined type's own name ("MPI_INT"), what
 * MPI_Type_set_name set on a derived type, and nothing for a duplicate, which starts unnamed
 * (MPI 3.1 §6.8); names are local to each process.
 * Counts: nothing to choose (no communication): one state, one execution.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
    int rank, len = -1;
    char name[MPI_MAX_OBJECT_NAME];
    MPI_Datatype pair, copy;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_get_name(MPI_INT, name, &len);
    assert(strcmp(name, "MPI_INT") == 0 && len == 7);
    MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
    MPI_Type_get_name(pair, name, &len);
    assert(len == 0 && name[0] == '\0');
    MPI_Type_set_name(pair, rank == 0 ? "pair of doubles" : "two doubles");
    MPI_Type_get_name(pair, name, &len);
    assert(strcmp(name, rank == 0 ? "pair of doubles" : "two doubles") == 0);
    MPI_Type_dup(pair, &copy);
    MPI_Type_get_name(copy, name, &len);
    assert(len == 0);
    MPI_Type_get_name(pair, name, &len);
    printf("rank %d: \"%s\"\n", rank, name);
    MPI_Type_free(&copy);
    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
