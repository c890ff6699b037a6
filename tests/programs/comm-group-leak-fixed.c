/* Resource leak, fixed: both groups from MPI_Comm_group are freed.
 * To find where rank 0 of a split communicator sits in MPI_COMM_WORLD, each rank gets the
 * groups of both communicators, translates the rank, and frees both groups and the split
 * communicator.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, leader = 0, leader_in_world = -1;
    MPI_Comm half;
    MPI_Group world_group, half_group;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Comm_group(half, &half_group);
    MPI_Group_translate_ranks(half_group, 1, &leader, world_group, &leader_in_world);
    printf("rank %d: the leader of its half is world rank %d\n", rank, leader_in_world);
    MPI_Group_free(&world_group);
    MPI_Group_free(&half_group);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
