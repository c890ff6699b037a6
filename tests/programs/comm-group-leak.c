/* Resource leak: a group from MPI_Comm_group that is never freed.
 * To find where rank 0 of a split communicator sits in MPI_COMM_WORLD, each rank gets the
 * groups of both communicators and translates the rank, then frees the world group but not
 * the split communicator's group. A group obtained with MPI_Comm_group must be freed with
 * MPI_Group_free. With --allow-leaks the leak is a warning and the run is ok.
 *
 * RANKFOLD-RUN: -np 4 => usage:resource-leak states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 4 --allow-leaks => ok states=1 transitions=0 executions=1 revisits=0 warnings=4
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
    MPI_Comm_group(half, &half_group); /* ERROR */
    MPI_Group_translate_ranks(half_group, 1, &leader, world_group, &leader_in_world);
    printf("rank %d: the leader of its half is world rank %d\n", rank, leader_in_world);
    MPI_Group_free(&world_group); /* the bug: half_group is not freed */
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
