/* Title: the target stores into its window before MPI_Win_post (race-free). The twin of
 * race-rma-pscw-store-after-post: MPI_Win_start waits for the post, so the store comes before
 * the put (MPI 3.1 §11.5.2; MPICH's rma/transpose3 relies on it), and rank 1 reads 42.
 *
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 (Debian, ch4:ucx) loses what one-sided operations write or read
 *   on this window from MPI_Win_create (prints the value before the put); SMPI 3.32 agrees with
 *   Rankfold
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
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
        slot = -1;
        MPI_Win_post(peer, 0, win);
        MPI_Win_wait(win);
        printf("rank 1: slot %d\n", slot);
    } else {
        const int value = 42;
        MPI_Win_start(peer, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
    }
    MPI_Group_free(&peer);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
