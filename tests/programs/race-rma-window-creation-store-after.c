/* Title: a target's store after creating a second window over its memory races with a put through that window.
 * Rank 1 exposes one buffer in two windows. It stores into the buffer after MPI_Win_create of
 * the second window, while rank 0 puts into the same int through that window under an
 * exclusive lock: nothing orders the store and the put (the creation orders only what came
 * before it), so the two race (race:remote, both lines reported). The twin
 * race-rma-window-creation-store-before stores before the creation.
 *
 * RANKFOLD-RUN: -np 2 => race:remote states=1 transitions=1 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: a bugged program (the value rank 1 prints depends on which write lands last)
 */
#include <mpi.h>
#include <stdio.h>

static int buf[2];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win first;
    MPI_Win second;
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &first);
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &second);
    if (rank == 1) buf[0] = 7; /* ERROR */
    if (rank == 0) {
        int value = 42;
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, second);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, second); /* ERROR */
        MPI_Win_unlock(1, second);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) printf("rank 1 holds %d\n", buf[0]);
    MPI_Win_free(&second);
    MPI_Win_free(&first);
    MPI_Finalize();
    return 0;
}
