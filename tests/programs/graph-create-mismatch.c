/* MPI_Graph_create with different graphs: as graph-create-mismatch-fixed, but the last rank
 * builds its ring in the other direction. Every process must pass the same nnodes, index and
 * edges (MPI 3.1 §7.5.3); the last process's call cannot agree with the others'.
 *
 * RANKFOLD-RUN: -np 3 => usage:collective-mismatch states=0 transitions=0 executions=1 revisits=0
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
        edges[i] = rank == size - 1 ? (i + size - 1) % size : (i + 1) % size;
    }
    MPI_Comm graph;
    MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &graph); /* ERROR */
    MPI_Comm_free(&graph);
    if (rank == 0) printf("created\n");
    MPI_Finalize();
    return 0;
}
