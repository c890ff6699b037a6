/* Contract (predefined, local data race of one-sided operations, CoVer's MPI_Put contract
 * POST { no! (write!(*0)) until! (call_tag!(rma_complete,$:7)) }): rank 0 overwrites the origin
 * buffer of an MPI_Put before the MPI_Win_unlock that completes it, so MPI may send either the
 * old or the new values. It does so only when its wildcard receive takes rank 2's report
 * first — a "shortcut" that refills the buffer before unlocking on that path. A single run
 * (which matches rank 1 first) passes; the exhaustive search finds the other match. The watched
 * bytes are the whole buffer the call describes (here only its second int is written), not
 * only its start address as in CoVer-Dynamic. (A Get's result buffer read early is a
 * race:local-buffer of the race monitor, which reports that class instead.)
 * The twin contract-rma-put-origin-overwrite-fixed.c unlocks first on both paths.
 *
 * RANKFOLD-RUN: -np 3 => contract states=5 transitions=6 executions=2 revisits=1
 * RANKFOLD-RUN: -np 3 --single-run => ok
 * RANKFOLD-RUN: -np 3 --contracts-predefined none => ok states=7 transitions=8 executions=1 revisits=2
 */
#include <mpi.h>
#include <stdio.h>

static int outgoing[2] = {41, 42};

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    int* exposed; /* rank 1's receives the put */
    MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &exposed, &win);
    exposed[0] = exposed[1] = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        int who = 0;
        MPI_Status status;
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Put(outgoing, 2, MPI_INT, 1, 0, 2, MPI_INT, win);
        MPI_Recv(&who, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
        if (status.MPI_SOURCE == 2) {
            outgoing[1] = 0; /* ERROR */
            MPI_Win_unlock(1, win);
        } else {
            MPI_Win_unlock(1, win);
            outgoing[1] = 0;
        }
        MPI_Recv(&who, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
        printf("put done\n");
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
