/* Wildcard segfault: rank 1 announces where data goes (rank 0 sets `slot`), rank 2 sends the
 * data. Rank 0 takes both with MPI_ANY_SOURCE assuming the announcement comes first; when rank
 * 2's message is matched first, `slot` is still NULL and the store crashes.
 *
 * RANKFOLD-RUN: -np 3 => crash states=3 transitions=3 executions=2 revisits=0
 * RANKFOLD-RUN: -np 3 --buffering infinite => crash states=3 transitions=3 executions=2 revisits=0
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
        MPI_Status st;
        for (int i = 0; i < 2; i++) {
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            if (st.MPI_SOURCE == 1)
                slot = &table[v];
            else
                *slot = v; /* ERROR */
        }
        printf("rank 0: table[2] = %d\n", table[2]);
    } else {
        v = rank == 1 ? 2 : 42; /* rank 1: an index into table; rank 2: the data */
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
