/* MPI_Comm_create with overlapping groups: as comm-create-disjoint-fixed, but every rank's group
 * also holds rank 0, so the even and the odd ranks' groups differ yet share rank 0. MPI allows
 * different groups only when they are disjoint (MPI 3.1 §6.4.2).
 *
 * RANKFOLD-RUN: -np 4 => usage:collective-mismatch states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, ranks[8], n = 0;
    MPI_Group world, half;
    MPI_Comm comm;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank % 2) ranks[n++] = 0;
    for (int r = rank % 2; r < size && n < 8; r += 2) ranks[n++] = r;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, n, ranks, &half);
    MPI_Comm_create(MPI_COMM_WORLD, half, &comm); /* ERROR */
    if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
    MPI_Group_free(&half);
    MPI_Group_free(&world);
    if (rank == 0) printf("created\n");
    MPI_Finalize();
    return 0;
}
