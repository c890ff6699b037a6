/* Graph topologies: MPI_Graph_create of a ring whose every node also links to node 0, the
 * queries (Topo_test, Graphdims_get, Graph_get, Graph_neighbors(_count)), MPI_Graph_map, and
 * a ring exchange along the graph's neighbours; then a distributed graph of the same ring from
 * MPI_Dist_graph_create_adjacent (weighted) and MPI_Dist_graph_create (each rank gives its
 * outgoing edges), whose neighbour lists each rank prints.
 * Counts: receives name their source, so nothing to choose: one state, one execution.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

static void print_dist(const char* what, MPI_Comm comm, int rank) {
    int in, out, weighted, sources[8], sw[8], dests[8], dw[8], kind;
    MPI_Topo_test(comm, &kind);
    assert(kind == MPI_DIST_GRAPH);
    MPI_Dist_graph_neighbors_count(comm, &in, &out, &weighted);
    MPI_Dist_graph_neighbors(comm, in, sources, sw, out, dests, dw);
    printf("%s rank %d: in %d from %d (w %d), out %d to %d (w %d), weighted %d\n", what, rank, in,
           sources[0], weighted ? sw[0] : -1, out, dests[0], weighted ? dw[0] : -1, weighted);
}

int main(int argc, char** argv) {
    int rank, size, index[8], edges[16], e = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < size; ++i) { /* node i: i+1 (ring), and 0 unless i is 0 or next is 0 */
        edges[e++] = (i + 1) % size;
        if (i != 0 && (i + 1) % size != 0) edges[e++] = 0;
        index[i] = e;
    }
    MPI_Comm graph;
    MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &graph);
    int kind, nnodes, nedges, count, neighbours[8], newrank;
    MPI_Topo_test(graph, &kind);
    MPI_Graphdims_get(graph, &nnodes, &nedges);
    MPI_Graph_neighbors_count(graph, rank, &count);
    MPI_Graph_neighbors(graph, rank, 8, neighbours);
    MPI_Graph_map(MPI_COMM_WORLD, size, index, edges, &newrank);
    assert(kind == MPI_GRAPH && nnodes == size && nedges == e);
    int got_index[8], got_edges[16];
    MPI_Graph_get(graph, 8, 16, got_index, got_edges);
    for (int i = 0; i < size; ++i) assert(got_index[i] == index[i]);
    printf("rank %d: %d neighbours, first %d, mapped to %d\n", rank, count, neighbours[0],
           newrank);
    int token = rank, from = (rank + size - 1) % size, got;
    MPI_Sendrecv(&token, 1, MPI_INT, neighbours[0], 0, &got, 1, MPI_INT, from, 0, graph,
                 MPI_STATUS_IGNORE);
    assert(got == from);
    MPI_Comm_free(&graph);

    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    int wout = 10 + rank, win = 10 + prev;
    MPI_Comm dist;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &prev, &win, 1, &next, &wout, MPI_INFO_NULL,
                                   0, &dist);
    print_dist("adjacent", dist, rank);
    MPI_Comm_free(&dist);
    int degree = 1;
    MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &rank, &degree, &next, MPI_UNWEIGHTED, MPI_INFO_NULL,
                          0, &dist);
    print_dist("general", dist, rank);
    MPI_Comm_free(&dist);
    MPI_Finalize();
    return 0;
}
