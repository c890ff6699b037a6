/* Title: a target's store before creating a second window over its memory is ordered before a put through that window.
 * The twin of race-rma-window-creation-store-after: rank 1 stores into its buffer (already
 * exposed by a first window) before MPI_Win_create of the second one. Window creation is
 * collective: rank 0's put through the second window cannot reach rank 1's memory before rank
 * 1 called MPI_Win_create, so the store comes before it (race-free; MPICH's
 * rma/win_shared_create does the same with a shared-memory window).
 *
 * RANKFOLD-RUN: -np 2 => ok states=3 transitions=2 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 (Debian, ch4:ucx) loses what one-sided operations write or read
 *   on this window from MPI_Win_create (prints 7 where Rankfold prints 42)
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
    if (rank == 1) buf[0] = 7;
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &second);
    if (rank == 0) {
        int value = 42;
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, second);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, second);
        MPI_Win_unlock(1, second);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) printf("rank 1 holds %d\n", buf[0]);
    MPI_Win_free(&second);
    MPI_Win_free(&first);
    MPI_Finalize();
    return 0;
}
