/* MPI_Comm_create with different, disjoint groups: the even ranks of MPI_COMM_WORLD pass the
 * group of even ranks, the odd ranks the group of odd ranks, and each half gets its own
 * communicator from one call (legal since MPI 2.2, §6.4.2), then sums its world ranks in it.
 * Counts: nothing to choose (collectives only): one state, one execution.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 5 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, half_rank, half_size, sum = 0, expected = 0, ranks[8], n = 0;
    MPI_Group world, half;
    MPI_Comm comm;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    assert(size <= 8);
    for (int r = rank % 2; r < size; r += 2) {
        ranks[n++] = r;
        expected += r;
    }
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, n, ranks, &half);
    MPI_Comm_create(MPI_COMM_WORLD, half, &comm);
    assert(comm != MPI_COMM_NULL);
    MPI_Comm_rank(comm, &half_rank);
    MPI_Comm_size(comm, &half_size);
    assert(half_rank == rank / 2 && half_size == n);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, comm);
    assert(sum == expected);
    if (half_rank == 0) printf("%s ranks: %d of them, sum %d\n", rank % 2 ? "odd" : "even", n, sum);
    MPI_Comm_free(&comm);
    MPI_Group_free(&half);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
