// CommConstruction's graph topologies (MPI 3.1 §7.5.3-7.5.4): MPI_Graph_create, whose members
// all pass the whole graph, and MPI_Dist_graph_create(_adjacent), whose members each pass a
// part of it. The arrays are read from each member's memory when the operation executes.
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/CommConstruction.hpp"

#include <fmt/format.h>

#include <numeric>

namespace rankfold::mpi {
namespace {

// `count` ints at `where`; false if they are not readable.
bool read_ints(const int* where, int count, std::vector<int>& out) {
    out.assign(static_cast<std::size_t>(count > 0 ? count : 0), 0);
    return count <= 0 || snapshot::copy_from_app(out.data(), where, out.size() * sizeof(int));
}

bool unweighted(const int* weights) {
    return weights == MPI_UNWEIGHTED;
}

// A member's weights for `count` edges: read unless the member passed no weights for them.
bool read_weights(const int* weights, int count, std::vector<int>& out) {
    if (unweighted(weights) || weights == MPI_WEIGHTS_EMPTY || count == 0) {
        out.assign(static_cast<std::size_t>(count > 0 ? count : 0), 1);
        return true;
    }
    return read_ints(weights, count, out);
}

} // namespace

bool CommConstruction::graph_create(const PendingCollective& op, Plan& plan) {
    const auto& parts = op.parts;
    const int n = static_cast<int>(parts.size());
    plan.group_of.assign(static_cast<std::size_t>(n), -1);
    std::vector<int> index0, edges0;
    for (int i = 0; i < n; ++i) {
        const CollectiveArgs& a = parts[i].args;
        std::vector<int> index, edges;
        if (!read_ints(a.dims, a.ndims, index) ||
            !read_ints(a.graph_edges, index.empty() ? 0 : index.back(), edges))
            return fail(MPI_ERR_ARG, Misuse::InvalidArgument,
                        fmt::format("rank {}'s index or edges array is not readable", i));
        if (i == 0) {
            index0 = std::move(index);
            edges0 = std::move(edges);
        } else if (index != index0 || edges != edges0) {
            return fail(MPI_ERR_OTHER, Misuse::CollectiveMismatch,
                        fmt::format("rank {} passed a different graph from rank 0's: every "
                                    "process must pass the same nnodes, index and edges",
                                    i));
        }
    }
    auto graph = make_graph(n, index0, edges0);
    if (!graph) return fail(graph.code(), Misuse::InvalidArgument, graph.error().message);
    plan.graph = std::move(graph).value();
    const int nodes = plan.graph.nnodes();
    if (nodes == 0) return true; // every process gets MPI_COMM_NULL (MPI 3.1 §7.5.3)
    std::vector<int> members(static_cast<std::size_t>(nodes));
    std::iota(members.begin(), members.end(), 0);
    for (int m : members) plan.group_of[m] = 0;
    plan.groups.push_back(std::move(members));
    return true;
}

bool CommConstruction::dist_graph_create(const PendingCollective& op, Plan& plan) {
    const auto& parts = op.parts;
    const int n = static_cast<int>(parts.size());
    const bool adjacent = parts[0].args.adjacent;
    // MPI_UNWEIGHTED given by one member must be given by all that have edges.
    bool weighted = true;
    for (const CollectivePart& p : parts) {
        if (p.args.adjacent != adjacent)
            return fail(MPI_ERR_OTHER, Misuse::CollectiveMismatch,
                        "MPI_Dist_graph_create and MPI_Dist_graph_create_adjacent do not match");
        if (unweighted(p.args.graph_weights) ||
            (adjacent && unweighted(p.args.graph_source_weights)))
            weighted = false;
    }
    std::vector<DistEdge> edges;
    GraphTopology graph;
    if (adjacent) {
        graph.kind = MPI_DIST_GRAPH;
        graph.weighted = weighted;
        graph.adjacency.resize(static_cast<std::size_t>(n));
    }
    for (int i = 0; i < n; ++i) {
        const CollectiveArgs& a = parts[i].args;
        std::vector<int> sources, source_weights, degrees, destinations, weights;
        bool readable = read_ints(a.graph_sources, a.graph_count, sources);
        readable = readable &&
                   (adjacent ? read_weights(a.graph_source_weights, a.graph_count, source_weights)
                             : read_ints(a.graph_degrees, a.graph_count, degrees));
        const int out = adjacent ? a.graph_out : std::accumulate(degrees.begin(), degrees.end(), 0);
        readable = readable && read_ints(a.graph_destinations, out, destinations) &&
                   read_weights(a.graph_weights, out, weights);
        if (!readable)
            return fail(MPI_ERR_ARG, Misuse::InvalidArgument,
                        fmt::format("rank {}'s sources, degrees, destinations or weights are not "
                                    "readable",
                                    i));
        if (weighted != !unweighted(a.graph_weights) && out > 0)
            return fail(MPI_ERR_OTHER, Misuse::CollectiveMismatch,
                        fmt::format("rank {} passed {}weights where another passed {}: "
                                    "MPI_UNWEIGHTED must be given by every process or none",
                                    i, weighted ? "no " : "", weighted ? "some" : "none"));
        if (adjacent) {
            for (const int r : sources)
                if (r < 0 || r >= n)
                    return fail(MPI_ERR_ARG, Misuse::InvalidRank,
                                fmt::format("rank {} names source {}, not a process of the {} "
                                            "of the communicator",
                                            i, r, n));
            for (const int r : destinations)
                if (r < 0 || r >= n)
                    return fail(MPI_ERR_ARG, Misuse::InvalidRank,
                                fmt::format("rank {} names destination {}, not a process of "
                                            "the {} of the communicator",
                                            i, r, n));
            DistNeighbours& mine = graph.adjacency[static_cast<std::size_t>(i)];
            mine.sources = std::move(sources);
            mine.destinations = std::move(destinations);
            if (weighted) {
                mine.source_weights = std::move(source_weights);
                mine.destination_weights = std::move(weights);
            }
            continue;
        }
        std::size_t next = 0;
        for (std::size_t s = 0; s < sources.size(); ++s)
            for (int d = 0; d < degrees[s]; ++d, ++next)
                edges.push_back({sources[s], destinations[next], weights[next]});
    }
    if (!adjacent) {
        auto made = make_dist_graph(n, edges, weighted);
        if (!made) return fail(made.code(), Misuse::InvalidRank, made.error().message);
        graph = std::move(made).value();
    }
    plan.graph = std::move(graph);
    std::vector<int> members(static_cast<std::size_t>(n));
    std::iota(members.begin(), members.end(), 0);
    plan.group_of = members;
    std::fill(plan.group_of.begin(), plan.group_of.end(), 0);
    plan.groups.push_back(std::move(members));
    return true;
}

} // namespace rankfold::mpi
