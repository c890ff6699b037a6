/* Title: two origins put to overlapping bytes of one target in the same lock_all epoch.
 * Ranks 1 and 2 both hold MPI_Win_lock_all (a shared lock) and put into rank 0's slot: nothing
 * orders the two puts, so which value stays is undefined (MPI 3.1 §11.7, a remote race).
 *
 * RANKFOLD-RUN: -np 3 => race:remote states=3 transitions=3 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: a bugged program (the slot's final value depends on the landing order)
 */
#include <mpi.h>
#include <stdio.h>

static int slots[2];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    MPI_Win_create(slots, sizeof slots, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank != 0) {
        MPI_Win_lock_all(0, win);
        MPI_Put(&rank, 1, MPI_INT, 0, 0, 1, MPI_INT, win); /* ERROR */
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) printf("rank 0: slot %d\n", slots[0]);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
