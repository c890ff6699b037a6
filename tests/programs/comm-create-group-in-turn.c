/* MPI_Comm_create_group calls in a row with one tag and overlapping groups: rank 1 makes {1, 2}
 * and then {0, 1}; rank 0, which is not in the first group, calls for {0, 1} at once and may
 * arrive while {1, 2} is still being made. The calls are told apart by their groups, not their
 * tag (as MPICH's comm/comm_group_rand does it), so both communicators are made.
 * Counts: nothing to choose.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

static int make(MPI_Group world, int first, int second) {
    int ranks[2] = {first, second}, me, sum, rank;
    MPI_Group g;
    MPI_Comm comm;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Group_incl(world, 2, ranks, &g);
    MPI_Comm_create_group(MPI_COMM_WORLD, g, 3, &comm);
    MPI_Comm_rank(comm, &me);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, comm);
    MPI_Comm_free(&comm);
    MPI_Group_free(&g);
    assert(sum == first + second);
    return me;
}

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Group world;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    if (rank != 0) printf("rank %d is rank %d of {1, 2}\n", rank, make(world, 1, 2));
    if (rank != 2) printf("rank %d is rank %d of {0, 1}\n", rank, make(world, 0, 1));
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
