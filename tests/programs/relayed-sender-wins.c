/* A sender that exists only after another wildcard match: rank 2 relays to rank 0 what it takes
 * with MPI_ANY_SOURCE from rank 3, while rank 1 writes to rank 0 directly. Rank 0 assumes the
 * direct message always arrives first and aborts (a crash) when its wildcard receive takes the
 * relayed one. That happens only when rank 2's match comes before rank 0's: then both messages
 * are waiting. Source-set DPOR must see that rank 2's match posts a message rank 0's earlier match
 * could have taken (a race between two choices of different ranks that the dependency table
 * calls independent); a single run takes rank 1's message and passes.
 *
 * RANKFOLD-RUN: -np 4 => crash states=4 transitions=4 executions=2 revisits=0
 * RANKFOLD-RUN: -np 4 --reduction source => crash states=4 transitions=4 executions=2 revisits=0
 * RANKFOLD-RUN: -np 4 --reduction source --no-state-matching => crash states=4 transitions=4 executions=2 revisits=0
 * RANKFOLD-RUN: -np 4 --single-run => ok
 * RANKFOLD-NO-DIFF: under MPICH the relayed message may, rarely, arrive first (the bug itself)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, value;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Status status;
    if (rank == 0) {
        MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
        if (status.MPI_SOURCE != 1) abort(); /* ERROR */
        MPI_Recv(&value, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &status);
        printf("rank 0: the relayed value is %d\n", value);
    } else if (rank == 1) {
        value = 1;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else if (rank == 2) {
        MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else if (rank == 3) {
        value = 3;
        MPI_Send(&value, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
