/* Title: the target stores into its window after MPI_Win_post, while an origin's access epoch
 * may already put there. Rank 1 posts, then writes its slot; rank 0 starts, puts into the slot
 * and completes. The post orders only what came before it (MPI 3.1 §11.5.2): a race.
 *
 * RANKFOLD-RUN: -np 2 => race:remote states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: a bugged program (the slot depends on when the put lands)
 */
#include <mpi.h>
#include <stdio.h>

static int slot;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(&slot, sizeof slot, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Group world, peer;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    const int other = 1 - rank;
    MPI_Group_incl(world, 1, &other, &peer);
    if (rank == 1) {
        MPI_Win_post(peer, 0, win);
        slot = -1; /* ERROR */
        MPI_Win_wait(win);
        printf("rank 1: slot %d\n", slot);
    } else {
        const int value = 42;
        MPI_Win_start(peer, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* ERROR */
        MPI_Win_complete(win);
    }
    MPI_Group_free(&peer);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
