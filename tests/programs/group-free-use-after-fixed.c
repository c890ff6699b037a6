/* Use after MPI_Group_free, fixed: the world group is freed after its last use.
 * Each rank builds the groups of even and odd ranks from the group of MPI_COMM_WORLD, checks
 * where it belongs, and frees all three groups.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, n_even = 0, n_odd = 0, evens[32], odds[32], even_size, odd_size, even_rank;
    MPI_Group world, even, odd;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int r = 0; r < size && r < 32; r++) {
        if (r % 2 == 0) evens[n_even++] = r;
        else odds[n_odd++] = r;
    }
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, n_even, evens, &even);
    MPI_Group_incl(world, n_odd, odds, &odd);
    MPI_Group_free(&world);
    MPI_Group_size(even, &even_size);
    MPI_Group_size(odd, &odd_size);
    MPI_Group_rank(even, &even_rank);
    assert(rank % 2 == 0 ? even_rank == rank / 2 : even_rank == MPI_UNDEFINED);
    if (rank == 0) printf("%d even and %d odd ranks\n", even_size, odd_size);
    MPI_Group_free(&even);
    MPI_Group_free(&odd);
    MPI_Finalize();
    return 0;
}
