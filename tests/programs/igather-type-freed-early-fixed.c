/* Datatype freed while a nonblocking gather uses it: the root receives with a duplicate of
 * MPI_INT and frees it right after MPI_Igather, before MPI_Wait. MPI allows it: the free takes
 * effect when the pending operation completes (MPI 3.1 §4.1.9). The other ranks send MPI_INT,
 * which has the same type signature as the root's duplicate.
 * Counts: nothing to choose (collectives only): one state, one execution.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, mine[2], all[8];
    MPI_Datatype type = MPI_INT;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    assert(size <= 4);
    mine[0] = rank;
    mine[1] = 10 * rank;
    if (rank == 0) MPI_Type_dup(MPI_INT, &type);
    MPI_Igather(mine, 2, MPI_INT, all, 2, type, 0, MPI_COMM_WORLD, &req);
    if (rank == 0) MPI_Type_free(&type);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (rank == 0) {
        for (int r = 0; r < size; r++) assert(all[2 * r] == r && all[2 * r + 1] == 10 * r);
        printf("gathered %d ranks\n", size);
    }
    MPI_Finalize();
    return 0;
}
