/* Intercommunicators: the even and the odd ranks of MPI_COMM_WORLD joined by
 * MPI_Intercomm_create; point-to-point across it (destinations and sources are ranks of the
 * remote group, MPI_ANY_SOURCE takes any remote rank), MPI_Bcast from a root of one group to
 * the other (MPI_ROOT, MPI_PROC_NULL), MPI_Allreduce (each group gets the other's sum), the
 * queries, a duplicate, and MPI_Intercomm_merge with the odd group first (high = even).
 * Counts: rank 0 of each group takes its two messages from MPI_ANY_SOURCE in either order;
 * the orders meet again in one state (3 revisits) and end in one final state.
 *
 * RANKFOLD-RUN: -np 4 => ok states=22 transitions=24 executions=1 revisits=3
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int wrank, wsize, rank, size, rsize, flag, result, value, sum, merged_rank;
    MPI_Comm local, inter, dup, merged;
    MPI_Group remote, local_group;
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    const int even = wrank % 2 == 0;
    MPI_Comm_split(MPI_COMM_WORLD, even ? 0 : 1, wrank, &local);
    /* Leaders: world rank 0 for the even group, world rank 1 for the odd one. */
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, even ? 1 : 0, 7, &inter);
    MPI_Comm_test_inter(inter, &flag);
    MPI_Comm_rank(inter, &rank);
    MPI_Comm_size(inter, &size);
    MPI_Comm_remote_size(inter, &rsize);
    assert(flag && size == wsize / 2 && rsize == wsize / 2);
    MPI_Comm_remote_group(inter, &remote);
    MPI_Comm_group(inter, &local_group);
    MPI_Group_size(remote, &value);
    assert(value == rsize);
    MPI_Group_free(&remote);
    MPI_Group_free(&local_group);

    /* Every rank sends its world rank to rank 0 of the other group. */
    MPI_Request request;
    MPI_Isend(&wrank, 1, MPI_INT, 0, 1, inter, &request);
    if (rank == 0)
        for (int i = 0; i < rsize; ++i) {
            MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 1, inter, &status);
            assert(value == 2 * status.MPI_SOURCE + (even ? 1 : 0));
        }
    MPI_Wait(&request, MPI_STATUS_IGNORE);

    /* A broadcast from the even group's rank 1 to the odd group. */
    value = even && rank == 1 ? 42 : -1;
    MPI_Bcast(&value, 1, MPI_INT, even ? (rank == 1 ? MPI_ROOT : MPI_PROC_NULL) : 1, inter);
    assert(even ? (rank == 1 ? value == 42 : value == -1) : value == 42);

    MPI_Allreduce(&wrank, &sum, 1, MPI_INT, MPI_SUM, inter);
    MPI_Comm_dup(inter, &dup);
    MPI_Comm_compare(inter, dup, &result);
    assert(result == MPI_CONGRUENT);
    MPI_Barrier(dup);
    MPI_Intercomm_merge(dup, even, &merged);
    MPI_Comm_rank(merged, &merged_rank);
    printf("world rank %d: rank %d of %d in its group, remote sum %d, merged rank %d\n", wrank,
           rank, size, sum, merged_rank);
    MPI_Comm_free(&merged);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    MPI_Finalize();
    return 0;
}
