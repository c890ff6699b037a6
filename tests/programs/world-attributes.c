/* Predefined attributes of MPI_COMM_WORLD: MPI_TAG_UB, MPI_UNIVERSE_SIZE (optional; Rankfold
 * sets it to the processes started, as it cannot spawn more; MPICH's mpiexec leaves it unset
 * without -usize), MPI_APPNUM (0: one program) and MPI_LASTUSEDCODE (no error codes added); a
 * duplicate of MPI_COMM_WORLD has none of them (MPI 4.0 §9.1.2).
 * Counts: nothing to choose (one collective): one state, one execution.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, flag = 0, *value = NULL;
    MPI_Comm dup;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &value, &flag);
    assert(flag && *value >= 32767);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_UNIVERSE_SIZE, &value, &flag);
    assert(!flag || *value >= size);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &value, &flag);
    assert(flag && *value == 0);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &value, &flag);
    assert(flag && *value >= MPI_ERR_LASTCODE);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_get_attr(dup, MPI_UNIVERSE_SIZE, &value, &flag);
    assert(!flag);
    if (rank == 0) printf("universe of %d processes\n", size);
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}
