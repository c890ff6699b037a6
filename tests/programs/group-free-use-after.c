/* Use after MPI_Group_free: the world group is freed before its last use.
 * Each rank builds the groups of even and odd ranks from the group of MPI_COMM_WORLD, but
 * frees the world group right after the first MPI_Group_incl. MPI_Group_free sets the variable
 * to MPI_GROUP_NULL, so the second MPI_Group_incl gets an invalid group handle.
 *
 * RANKFOLD-RUN: -np 4 => usage:invalid-handle states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, n_even = 0, n_odd = 0, evens[32], odds[32], even_size, odd_size;
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
    MPI_Group_free(&world); /* the bug: world is still needed below */
    MPI_Group_incl(world, n_odd, odds, &odd); /* ERROR */
    MPI_Group_size(even, &even_size);
    MPI_Group_size(odd, &odd_size);
    if (rank == 0) printf("%d even and %d odd ranks\n", even_size, odd_size);
    MPI_Group_free(&even);
    MPI_Group_free(&odd);
    MPI_Finalize();
    return 0;
}
