/* MPI_Comm_create_group with a group one member never joins: rank 0 passes the group {0, 1}
 * while ranks 1 and 2 pass {1, 2}, all with tag 5. The call is collective over its group, every
 * process of which must pass it (MPI 3.1 §6.4.2): ranks 1 and 2 make {1, 2}, and rank 0 waits
 * for rank 1 forever. comm-create-group-overlap-fixed has rank 0 make {0} alone.
 *
 * RANKFOLD-RUN: -np 3 => deadlock states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, low[2] = {0, 1}, high[2] = {1, 2};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Group world, g;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, 2, rank == 0 ? low : high, &g);
    MPI_Comm comm;
    MPI_Comm_create_group(MPI_COMM_WORLD, g, 5, &comm); /* ERROR */
    printf("rank %d made its communicator\n", rank);
    MPI_Comm_free(&comm);
    MPI_Group_free(&g);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
