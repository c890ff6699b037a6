/* Twin of contract-rma-get-read-early.c: rank 0 reads the MPI_Get buffer only after the
 * MPI_Win_unlock that completes the get, whichever report its wildcard receive takes first.
 *
 * RANKFOLD-RUN: -np 3 => ok states=5 transitions=5 executions=1 revisits=1
 */
#include <mpi.h>
#include <stdio.h>

static int got[2];

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win win;
    int* exposed; /* rank 1's is read */
    MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &exposed, &win);
    exposed[0] = 41;
    exposed[1] = 42;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        int who = 0;
        MPI_Status status;
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(got, 2, MPI_INT, 1, 0, 2, MPI_INT, win);
        MPI_Recv(&who, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
        if (status.MPI_SOURCE == 2) {
            MPI_Win_unlock(1, win);
            printf("value %d\n", got[1]);
        } else {
            MPI_Win_unlock(1, win);
            printf("value %d\n", got[1]);
        }
        MPI_Recv(&who, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
