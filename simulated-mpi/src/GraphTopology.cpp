#include "simulated-mpi/src/GraphTopology.hpp"

#include <fmt/format.h>

namespace rankfold::mpi {

std::span<const int> GraphTopology::neighbours(int rank) const {
    const int first = rank == 0 ? 0 : index[static_cast<std::size_t>(rank) - 1];
    const int last = index[static_cast<std::size_t>(rank)];
    return std::span<const int>(edges).subspan(static_cast<std::size_t>(first),
                                               static_cast<std::size_t>(last - first));
}

MpiResult<GraphTopology> make_graph(int comm_size, std::span<const int> index,
                                    std::span<const int> edges) {
    const int nnodes = static_cast<int>(index.size());
    if (nnodes > comm_size)
        return MpiError{MPI_ERR_ARG, fmt::format("nnodes is {}, more than the {} processes of the "
                                                 "communicator",
                                                 nnodes, comm_size)};
    int previous = 0;
    for (int i = 0; i < nnodes; ++i) {
        if (index[static_cast<std::size_t>(i)] < previous)
            return MpiError{MPI_ERR_ARG,
                            fmt::format("index[{}] is {}, less than the {} before it: index "
                                        "counts the edges of nodes 0..i and cannot decrease",
                                        i, index[static_cast<std::size_t>(i)], previous)};
        previous = index[static_cast<std::size_t>(i)];
    }
    if (static_cast<std::size_t>(previous) != edges.size())
        return MpiError{MPI_ERR_ARG,
                        fmt::format("index ends at {} edges, {} given", previous, edges.size())};
    for (std::size_t e = 0; e < edges.size(); ++e)
        if (edges[e] < 0 || edges[e] >= nnodes)
            return MpiError{MPI_ERR_ARG, fmt::format("edges[{}] is {}, not a node of a graph of "
                                                     "{} nodes",
                                                     e, edges[e], nnodes)};
    GraphTopology g;
    g.kind = MPI_GRAPH;
    g.index.assign(index.begin(), index.end());
    g.edges.assign(edges.begin(), edges.end());
    return g;
}

MpiResult<GraphTopology> make_dist_graph(int size, std::span<const DistEdge> edges, bool weighted) {
    GraphTopology g;
    g.kind = MPI_DIST_GRAPH;
    g.weighted = weighted;
    g.adjacency.resize(static_cast<std::size_t>(size));
    for (const DistEdge& e : edges) {
        for (const int end : {e.source, e.destination})
            if (end < 0 || end >= size)
                return MpiError{MPI_ERR_ARG, fmt::format("an edge {} -> {} names rank {}, not a "
                                                         "process of the {} of the communicator",
                                                         e.source, e.destination, end, size)};
        DistNeighbours& from = g.adjacency[static_cast<std::size_t>(e.source)];
        DistNeighbours& to = g.adjacency[static_cast<std::size_t>(e.destination)];
        from.destinations.push_back(e.destination);
        to.sources.push_back(e.source);
        if (weighted) {
            from.destination_weights.push_back(e.weight);
            to.source_weights.push_back(e.weight);
        }
    }
    return g;
}

} // namespace rankfold::mpi
