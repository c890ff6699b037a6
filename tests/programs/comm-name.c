/* Communicator names: MPI_Comm_get_name returns what MPI_Comm_set_name set (MPI 3.1 §6.8), on
 * MPI_COMM_WORLD and on a duplicate; a duplicate starts without a name, and a name set by one
 * process is not seen by another (names are local).
 * Counts: nothing to choose (one collective): one state, one execution.
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
    MPI_Comm dup;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_get_name(MPI_COMM_WORLD, name, &len);
    assert(strcmp(name, "MPI_COMM_WORLD") == 0 && len == 14);
    MPI_Comm_set_name(MPI_COMM_WORLD, "everyone");
    MPI_Comm_get_name(MPI_COMM_WORLD, name, &len);
    assert(strcmp(name, "everyone") == 0 && len == 8);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_get_name(dup, name, &len);
    assert(len == 0 && name[0] == '\0');
    if (rank == 0) MPI_Comm_set_name(dup, "copy of rank 0");
    MPI_Comm_get_name(dup, name, &len);
    assert(rank == 0 ? strcmp(name, "copy of rank 0") == 0 : len == 0);
    printf("rank %d: dup is named \"%s\"\n", rank, name);
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}
