// Graph process topologies (MPI 3.1 §7.5.3-7.5.5) as values: the graph a communicator made by
// MPI_Graph_create carries (the index/edges arrays of every node) and the adjacency of each
// process of a distributed graph (MPI_Dist_graph_create and _adjacent), with the pure functions
// that build and check them. Ranks are never reordered (MPI allows it, MPICH does not either),
// so node i of the graph is rank i of the new communicator.
#pragma once

#include "simulated-mpi/src/MpiResult.hpp"

#include <span>
#include <vector>

namespace rankfold::mpi {

// One process's neighbours in a distributed graph, in the order MPI_Dist_graph_neighbors
// returns them; the weights are empty when the graph is unweighted.
struct DistNeighbours {
    std::vector<int> sources, source_weights;
    std::vector<int> destinations, destination_weights;
    friend bool operator==(const DistNeighbours&, const DistNeighbours&) = default;
};

struct GraphTopology {
    int kind = 0; // 0: none; MPI_GRAPH or MPI_DIST_GRAPH (what MPI_Topo_test answers)
    // MPI_GRAPH: index[i] is the number of edges of nodes 0..i, edges their neighbours.
    std::vector<int> index, edges;
    // MPI_DIST_GRAPH: the neighbours of each rank of the communicator.
    std::vector<DistNeighbours> adjacency;
    bool weighted = false;

    bool empty() const { return kind == 0; }
    int nnodes() const { return static_cast<int>(index.size()); }
    // MPI_Graph_neighbors of `rank` (a rank of the graph, checked by the caller).
    std::span<const int> neighbours(int rank) const;
    friend bool operator==(const GraphTopology&, const GraphTopology&) = default;
};

// MPI_Graph_create's checks and graph over a communicator of `comm_size` processes: nnodes in
// 0..comm_size, index non-decreasing, every edge a node of the graph. Error classes as MPICH:
// a bad node count or index MPI_ERR_ARG, an edge outside the graph MPI_ERR_ARG.
MpiResult<GraphTopology> make_graph(int comm_size, std::span<const int> index,
                                    std::span<const int> edges);

// MPI_Graph_map and MPI_Cart_map without reordering: a process keeps its rank if the topology
// has that many nodes, else it gets MPI_UNDEFINED.
inline int map_rank(int rank, int nodes) {
    return rank < nodes ? rank : MPI_UNDEFINED;
}

// One edge of a distributed graph as MPI_Dist_graph_create's callers give them.
struct DistEdge {
    int source;
    int destination;
    int weight;
};

// The distributed graph of the edges every process passed (in process order, then in the
// order each gave them), over `size` processes; an edge naming a rank outside 0..size-1 is
// MPI_ERR_ARG. Each process's sources and destinations keep the order the edges came in.
MpiResult<GraphTopology> make_dist_graph(int size, std::span<const DistEdge> edges, bool weighted);

} // namespace rankfold::mpi
