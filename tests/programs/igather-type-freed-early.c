/* Datatype freed before the gather starts: as igather-type-freed-early-fixed, but the root frees
 * its duplicate of MPI_INT before MPI_Igather, which then names a datatype that no longer exists
 * (only a pending operation keeps a freed datatype alive).
 *
 * RANKFOLD-RUN: -np 3 => usage:invalid-handle states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, mine, all[4];
    MPI_Datatype type = MPI_INT, stale = MPI_INT;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mine = rank;
    if (rank == 0) {
        MPI_Type_dup(MPI_INT, &type);
        stale = type;
        MPI_Type_free(&type);
    }
    MPI_Igather(&mine, 1, MPI_INT, all, 1, stale, 0, MPI_COMM_WORLD, &req); /* ERROR */
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (rank == 0) printf("gathered %d\n", all[1]);
    MPI_Finalize();
    return 0;
}
