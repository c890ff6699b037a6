/* Collective with different type signatures of equal size, fixed: as allgather-type-signatures,
 * but every rank sends its value as MPI_INT. A rank may still describe its data with another
 * datatype of the same signature: rank 0 sends a contiguous type of one MPI_INT.
 * Counts: nothing to choose (collectives only): one state, one execution.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, mine, all[16];
    MPI_Datatype one_int = MPI_INT;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    assert(size <= 16);
    if (rank == 0) {
        MPI_Type_contiguous(1, MPI_INT, &one_int);
        MPI_Type_commit(&one_int);
    }
    mine = 10 * rank;
    MPI_Allgather(&mine, 1, one_int, all, 1, MPI_INT, MPI_COMM_WORLD);
    for (int r = 0; r < size; r++) assert(all[r] == 10 * r);
    if (rank == 0) {
        printf("gathered %d values\n", size);
        MPI_Type_free(&one_int);
    }
    MPI_Finalize();
    return 0;
}
