/* MPI_Comm_create_group: the even ranks make a communicator of their own while the odd ranks do
 * not take part (the call is collective over the group only, MPI 3.1 §6.4.2); then the odd
 * ranks make theirs with the same tag, in reverse order, and each half sums its world ranks.
 * The odd ranks first exchange a message among themselves, which the even ranks' creation must
 * not wait for. Counts: receives name their source, so nothing to choose.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 5 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, ranks[8], n = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Group world, evens, odds;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    for (int r = 0; r < size; r += 2) ranks[n++] = r;
    MPI_Group_incl(world, n, ranks, &evens);
    n = 0;
    for (int r = size - 1; r >= 0; --r)
        if (r % 2) ranks[n++] = r;
    MPI_Group_incl(world, n, ranks, &odds);
    MPI_Comm half;
    if (rank % 2 == 0) {
        MPI_Comm_create_group(MPI_COMM_WORLD, evens, 7, &half);
    } else {
        int token = rank, got;
        int partner = rank == 1 ? (size > 3 ? 3 : 1) : 1;
        MPI_Sendrecv(&token, 1, MPI_INT, partner, 0, &got, 1, MPI_INT, partner, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        MPI_Comm_create_group(MPI_COMM_WORLD, odds, 7, &half);
    }
    int me, hs, sum;
    MPI_Comm_rank(half, &me);
    MPI_Comm_size(half, &hs);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, half);
    printf("world rank %d: rank %d of %d, sum %d\n", rank, me, hs, sum);
    MPI_Comm outsider;
    MPI_Comm_create_group(MPI_COMM_WORLD, rank % 2 ? evens : odds, 9, &outsider);
    assert(outsider == MPI_COMM_NULL);
    MPI_Comm_free(&half);
    MPI_Group_free(&evens);
    MPI_Group_free(&odds);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
