/* Twin of contract-rma-put-origin-overwrite.c: rank 0 refills the MPI_Put origin buffer only
 * after the MPI_Win_unlock that completes the put, whichever report its wildcard receive takes
 * first.
 *
 * RANKFOLD-RUN: -np 3 => ok states=7 transitions=8 executions=1 revisits=2
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
            MPI_Win_unlock(1, win);
            outgoing[1] = 0;
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
