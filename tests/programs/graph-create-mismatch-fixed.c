/* MPI_Graph_create of one ring: every process passes the same nnodes, index and edges, as
 * MPI 3.1 §7.5.3 requires (graph-create-mismatch builds the last rank's ring backwards).
 * Counts: a collective only, nothing to choose.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, index[8], edges[8];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < size; ++i) {
        index[i] = i + 1;
        edges[i] = (i + 1) % size;
    }
    MPI_Comm graph;
    MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &graph);
    MPI_Comm_free(&graph);
    if (rank == 0) printf("created\n");
    MPI_Finalize();
    return 0;
}
