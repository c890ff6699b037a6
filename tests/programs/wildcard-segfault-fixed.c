/* Wildcard segfault, fixed: rank 0 receives the announcement from rank 1 by its source before
 * it takes the data, so `slot` is set before use. Without wildcards the program is
 * deterministic: executions=1.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int table[4];
int* slot; /* where rank 2's data goes: set by rank 1's announcement */

int main(int argc, char** argv) {
    int rank, v;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        slot = &table[v];
        MPI_Recv(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        *slot = v;
        printf("rank 0: table[2] = %d\n", table[2]);
    } else {
        v = rank == 1 ? 2 : 42; /* rank 1: an index into table; rank 2: the data */
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
