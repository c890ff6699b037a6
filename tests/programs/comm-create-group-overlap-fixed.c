/* MPI_Comm_create_group with disjoint groups and one tag: as comm-create-group-overlap, but
 * rank 0 makes the group {0} alone, so the two groups (one tag) are disjoint, as MPI 3.1
 * §6.4.2 allows. Counts: nothing to choose.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, low[2] = {0, 1}, high[2] = {1, 2};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Group world, g;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, rank == 0 ? 1 : 2, rank == 0 ? low : high, &g);
    MPI_Comm comm;
    MPI_Comm_create_group(MPI_COMM_WORLD, g, 5, &comm);
    printf("rank %d made its communicator\n", rank);
    MPI_Comm_free(&comm);
    MPI_Group_free(&g);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
