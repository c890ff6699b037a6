/* Intercommunicator collectives that move data between the groups (MPI 3.1 §5.2.2): the even
 * ranks (group A) and the odd ranks (group B) of 5 processes, so A has 3 members and B 2.
 * A root of one group passes MPI_ROOT, the rest of its group MPI_PROC_NULL, the other group the
 * root's rank: MPI_Gather and MPI_Gatherv to A's rank 1, MPI_Scatter from B's rank 0,
 * MPI_Reduce of A's contributions to B's rank 1. Both ways at once: MPI_Allgather (each member
 * gets the other group's blocks), MPI_Alltoall (block j to rank j of the other group),
 * MPI_Reduce_scatter_block (each group gets its segments of the other group's sum); then
 * MPI_Iallgather and MPI_Ibcast, completed by one MPI_Waitall. Every rank
 * prints what it got; the output is MPICH's.
 *
 * RANKFOLD-RUN: -np 5 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int wrank;
    MPI_Comm local, inter;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    const int in_a = wrank % 2 == 0;
    MPI_Comm_split(MPI_COMM_WORLD, !in_a, wrank, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, in_a ? 1 : 0, 7, &inter);
    int rank, rsize;
    MPI_Comm_rank(inter, &rank);
    MPI_Comm_remote_size(inter, &rsize);
    const int mine = 100 * wrank;
    int got[4] = {-1, -1, -1, -1}, one = -1;

    /* Gather from B to A's rank 1. */
    int root = in_a ? (rank == 1 ? MPI_ROOT : MPI_PROC_NULL) : 1;
    MPI_Gather(&mine, 1, MPI_INT, got, 1, MPI_INT, root, inter);
    if (root == MPI_ROOT) printf("gather at world %d: %d %d\n", wrank, got[0], got[1]);

    /* Gatherv from B to A's rank 1, reversed. */
    const int counts[2] = {1, 1}, displs[2] = {1, 0};
    MPI_Gatherv(&mine, 1, MPI_INT, got, counts, displs, MPI_INT, root, inter);
    if (root == MPI_ROOT) printf("gatherv at world %d: %d %d\n", wrank, got[0], got[1]);

    /* Scatter from B's rank 0 to A. */
    const int deal[3] = {7, 8, 9};
    root = in_a ? 0 : (rank == 0 ? MPI_ROOT : MPI_PROC_NULL);
    MPI_Scatter(deal, 1, MPI_INT, &one, 1, MPI_INT, root, inter);
    if (in_a) printf("scatter at world %d: %d\n", wrank, one);

    /* Reduce A's contributions to B's rank 1. */
    root = in_a ? 1 : (rank == 1 ? MPI_ROOT : MPI_PROC_NULL);
    MPI_Reduce(&mine, &one, 1, MPI_INT, MPI_SUM, root, inter);
    if (root == MPI_ROOT) printf("reduce at world %d: %d\n", wrank, one);

    /* Allgather: the other group's values, in its rank order. */
    MPI_Allgather(&mine, 1, MPI_INT, got, 1, MPI_INT, inter);
    printf("allgather at world %d:", wrank);
    for (int j = 0; j < rsize; j++) printf(" %d", got[j]);
    printf("\n");

    /* Alltoall: block j goes to rank j of the other group. */
    int blocks[3];
    for (int j = 0; j < rsize; j++) blocks[j] = mine + j;
    MPI_Alltoall(blocks, 1, MPI_INT, got, 1, MPI_INT, inter);
    printf("alltoall at world %d:", wrank);
    for (int j = 0; j < rsize; j++) printf(" %d", got[j]);
    printf("\n");

    /* Reduce_scatter_block: each group's vectors hold its size x its recvcount elements (6
     * here: A takes 2 per member, B 3), summed and dealt out to the other group's members. */
    int vector[6];
    const int take = in_a ? 2 : 3;
    for (int j = 0; j < 6; j++) vector[j] = mine + j;
    MPI_Reduce_scatter_block(vector, got, take, MPI_INT, MPI_SUM, inter);
    printf("reduce_scatter_block at world %d:", wrank);
    for (int j = 0; j < take; j++) printf(" %d", got[j]);
    printf("\n");

    /* The I-forms: an MPI_Iallgather and an MPI_Ibcast from A's rank 0, completed together. */
    MPI_Request requests[2];
    int value = in_a && rank == 0 ? 77 : -1;
    root = in_a ? (rank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
    MPI_Iallgather(&mine, 1, MPI_INT, got, 1, MPI_INT, inter, &requests[0]);
    MPI_Ibcast(&value, 1, MPI_INT, root, inter, &requests[1]);
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    printf("iallgather at world %d: %d %d, ibcast %d\n", wrank, got[0], got[1], value);

    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    MPI_Finalize();
    return 0;
}
