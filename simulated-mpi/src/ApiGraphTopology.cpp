// Graph topologies (MPI 3.1 §7.5.3-7.5.5): MPI_Graph_create and MPI_Dist_graph_create(_adjacent)
// make communicators collectively (CommGraphs.cpp); the queries and the map functions are local,
// answered from the GraphTopology the communicator carries.
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/CartTopology.hpp"
#include "simulated-mpi/src/GraphTopology.hpp"
#include "snapshot/GuardedCopy.hpp"

#include <fmt/format.h>

using namespace rankfold::mpi;

namespace {

int invalid_comm(const LocalCall& call, MPI_Comm comm) {
    return call.error(MPI_COMM_WORLD, MPI_ERR_COMM, Misuse::InvalidHandle,
                      fmt::format("invalid communicator {:#x}", comm));
}

// The graph of `comm` if it has one of `kind`; nullptr after raising the error.
const GraphTopology* graph_of(const LocalCall& call, MPI_Comm comm, int kind, int& err) {
    const auto v = call.world.comms().view(call.rank, comm);
    if (!v) {
        err = invalid_comm(call, comm);
        return nullptr;
    }
    const GraphTopology& g = call.world.comms().communicator(v->id).graph;
    if (g.kind != kind) {
        err = call.error(comm, MPI_ERR_TOPOLOGY, Misuse::InvalidArgument,
                         kind == MPI_GRAPH ? "the communicator has no graph topology"
                                           : "the communicator has no distributed graph topology");
        return nullptr;
    }
    return &g;
}

// `count` ints of the application (count > 0), or nullopt if they are not readable.
std::optional<std::vector<int>> read_ints(const int* where, int count) {
    std::vector<int> out(static_cast<std::size_t>(count > 0 ? count : 0));
    if (!out.empty() &&
        !rankfold::snapshot::copy_from_app(out.data(), where, out.size() * sizeof(int)))
        return std::nullopt;
    return out;
}

// MPI_Graph_create's and MPI_Graph_map's checks of the graph arguments against a communicator
// of `size` processes: MPI_SUCCESS, or the error raised.
int check_graph(const LocalCall& call, MPI_Comm comm, int size, int nnodes, const int index[],
                const int edges[]) {
    if (nnodes < 0)
        return call.error(comm, MPI_ERR_ARG, Misuse::InvalidArgument,
                          fmt::format("nnodes is {} (negative)", nnodes));
    const auto idx = read_ints(index, nnodes);
    if (!idx)
        return call.error(comm, MPI_ERR_ARG, Misuse::InvalidArgument, "index is not readable");
    const auto e = read_ints(edges, idx->empty() ? 0 : idx->back());
    if (!e) return call.error(comm, MPI_ERR_ARG, Misuse::InvalidArgument, "edges is not readable");
    const auto g = make_graph(size, *idx, *e);
    return g ? MPI_SUCCESS : call.error(comm, g.code(), Misuse::InvalidArgument, g.error().message);
}

} // namespace

RF_EXPORT int MPI_Graph_create(MPI_Comm comm, int nnodes, const int indx[], const int edges[],
                               int reorder, MPI_Comm* comm_graph) {
    RF_LOCAL_ENTRY("MPI_Graph_create", comm, nnodes, indx, edges, reorder, comm_graph);
    {
        // Checked in a scope of its own: no checker-heap object may live across the collective.
        const auto size = call.world.comm_size(call.rank, comm);
        if (!size) return invalid_comm(call, comm);
        if (const int err = check_graph(call, comm, *size, nnodes, indx, edges); err != MPI_SUCCESS)
            return err;
    }
    RankCall c = make_call(call, CallKind::Collective);
    c.comm = comm;
    c.coll.kind = CollectiveKind::GraphCreate;
    c.coll.ndims = nnodes;
    c.coll.dims = indx;
    c.coll.graph_edges = edges;
    c.coll.newcomm = comm_graph;
    return submit(c);
}

RF_EXPORT int MPI_Graphdims_get(MPI_Comm comm, int* nnodes, int* nedges) {
    RF_LOCAL_ENTRY("MPI_Graphdims_get", comm, nnodes, nedges);
    int err = MPI_SUCCESS;
    const GraphTopology* g = graph_of(call, comm, MPI_GRAPH, err);
    if (g == nullptr) return err;
    *nnodes = g->nnodes();
    *nedges = static_cast<int>(g->edges.size());
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int indx[], int edges[]) {
    RF_LOCAL_ENTRY("MPI_Graph_get", comm, maxindex, maxedges, indx, edges);
    int err = MPI_SUCCESS;
    const GraphTopology* g = graph_of(call, comm, MPI_GRAPH, err);
    if (g == nullptr) return err;
    for (int i = 0; i < maxindex && i < g->nnodes(); ++i) indx[i] = g->index[i];
    for (int i = 0; i < maxedges && i < static_cast<int>(g->edges.size()); ++i)
        edges[i] = g->edges[i];
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Graph_neighbors_count(MPI_Comm comm, int rank, int* nneighbors) {
    RF_LOCAL_ENTRY("MPI_Graph_neighbors_count", comm, rank, nneighbors);
    int err = MPI_SUCCESS;
    const GraphTopology* g = graph_of(call, comm, MPI_GRAPH, err);
    if (g == nullptr) return err;
    if (rank < 0 || rank >= g->nnodes())
        return call.error(comm, MPI_ERR_RANK, Misuse::InvalidRank,
                          fmt::format("rank {} is not a node of a graph of {}", rank, g->nnodes()));
    *nneighbors = static_cast<int>(g->neighbours(rank).size());
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[]) {
    RF_LOCAL_ENTRY("MPI_Graph_neighbors", comm, rank, maxneighbors, neighbors);
    int err = MPI_SUCCESS;
    const GraphTopology* g = graph_of(call, comm, MPI_GRAPH, err);
    if (g == nullptr) return err;
    if (rank < 0 || rank >= g->nnodes())
        return call.error(comm, MPI_ERR_RANK, Misuse::InvalidRank,
                          fmt::format("rank {} is not a node of a graph of {}", rank, g->nnodes()));
    const auto n = g->neighbours(rank);
    for (int i = 0; i < maxneighbors && i < static_cast<int>(n.size()); ++i) neighbors[i] = n[i];
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Graph_map(MPI_Comm comm, int nnodes, const int indx[], const int edges[],
                            int* newrank) {
    RF_LOCAL_ENTRY("MPI_Graph_map", comm, nnodes, indx, edges, newrank);
    const auto v = call.world.comms().view(call.rank, comm);
    if (!v) return invalid_comm(call, comm);
    if (const int err = check_graph(call, comm, v->size, nnodes, indx, edges); err != MPI_SUCCESS)
        return err;
    *newrank = map_rank(v->my_rank, nnodes);
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[],
                           int* newrank) {
    RF_LOCAL_ENTRY("MPI_Cart_map", comm, ndims, dims, periods, newrank);
    const auto v = call.world.comms().view(call.rank, comm);
    if (!v) return invalid_comm(call, comm);
    if (ndims < 0)
        return call.error(comm, MPI_ERR_DIMS, Misuse::InvalidArgument,
                          fmt::format("ndims is {} (negative)", ndims));
    const auto d = read_ints(dims, ndims);
    const auto p = read_ints(periods, ndims);
    if (!d || !p)
        return call.error(comm, MPI_ERR_ARG, Misuse::InvalidArgument,
                          "dims or periods is not readable");
    const auto t = CartTopology::create(v->size, ndims, *d, *p, false);
    if (!t)
        return call.error(comm, t.code(),
                          t.code() == MPI_ERR_RANK ? Misuse::InvalidRank : Misuse::InvalidArgument,
                          t.error().message);
    *newrank = map_rank(v->my_rank, t->size());
    return MPI_SUCCESS;
}

namespace {

// The shared part of the two distributed graph constructors.
int dist_graph_call(const LocalCall& call, MPI_Comm comm, const CollectiveArgs& args,
                    MPI_Comm* comm_dist_graph) {
    RankCall c = make_call(call, CallKind::Collective);
    c.comm = comm;
    c.coll = args;
    c.coll.kind = CollectiveKind::DistGraphCreate;
    c.coll.newcomm = comm_dist_graph;
    return submit(c);
}

int negative(const LocalCall& call, MPI_Comm comm, const char* what, int value) {
    return call.error(comm, MPI_ERR_ARG, Misuse::InvalidArgument,
                      fmt::format("{} is {} (negative)", what, value));
}

} // namespace

RF_EXPORT int MPI_Dist_graph_create_adjacent(MPI_Comm comm, int indegree, const int sources[],
                                             const int sourceweights[], int outdegree,
                                             const int destinations[], const int destweights[],
                                             MPI_Info info, int reorder,
                                             MPI_Comm* comm_dist_graph) {
    RF_LOCAL_ENTRY("MPI_Dist_graph_create_adjacent", comm, indegree, sources, sourceweights,
                   outdegree, destinations, destweights, info, reorder, comm_dist_graph);
    if (indegree < 0) return negative(call, comm, "indegree", indegree);
    if (outdegree < 0) return negative(call, comm, "outdegree", outdegree);
    CollectiveArgs a;
    a.adjacent = true;
    a.graph_count = indegree;
    a.graph_sources = sources;
    a.graph_source_weights = sourceweights;
    a.graph_out = outdegree;
    a.graph_destinations = destinations;
    a.graph_weights = destweights;
    return dist_graph_call(call, comm, a, comm_dist_graph);
}

RF_EXPORT int MPI_Dist_graph_create(MPI_Comm comm, int n, const int sources[], const int degrees[],
                                    const int destinations[], const int weights[], MPI_Info info,
                                    int reorder, MPI_Comm* comm_dist_graph) {
    RF_LOCAL_ENTRY("MPI_Dist_graph_create", comm, n, sources, degrees, destinations, weights, info,
                   reorder, comm_dist_graph);
    if (n < 0) return negative(call, comm, "n", n);
    {
        const auto d = read_ints(degrees, n);
        if (!d)
            return call.error(comm, MPI_ERR_ARG, Misuse::InvalidArgument,
                              "degrees is not readable");
        for (int i = 0; i < n; ++i)
            if ((*d)[i] < 0) return negative(call, comm, "a degree", (*d)[i]);
    }
    CollectiveArgs a;
    a.graph_count = n;
    a.graph_sources = sources;
    a.graph_degrees = degrees;
    a.graph_destinations = destinations;
    a.graph_weights = weights;
    return dist_graph_call(call, comm, a, comm_dist_graph);
}

namespace {
const DistNeighbours* neighbours_of(const LocalCall& call, MPI_Comm comm, int& err,
                                    bool& weighted) {
    const GraphTopology* g = graph_of(call, comm, MPI_DIST_GRAPH, err);
    if (g == nullptr) return nullptr;
    weighted = g->weighted;
    return &g->adjacency[call.world.comms().view(call.rank, comm)->my_rank];
}
} // namespace

RF_EXPORT int MPI_Dist_graph_neighbors_count(MPI_Comm comm, int* indegree, int* outdegree,
                                             int* weighted) {
    RF_LOCAL_ENTRY("MPI_Dist_graph_neighbors_count", comm, indegree, outdegree, weighted);
    int err = MPI_SUCCESS;
    bool w = false;
    const DistNeighbours* n = neighbours_of(call, comm, err, w);
    if (n == nullptr) return err;
    *indegree = static_cast<int>(n->sources.size());
    *outdegree = static_cast<int>(n->destinations.size());
    *weighted = w ? 1 : 0;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[],
                                       int sourceweights[], int maxoutdegree, int destinations[],
                                       int destweights[]) {
    RF_LOCAL_ENTRY("MPI_Dist_graph_neighbors", comm, maxindegree, sources, sourceweights,
                   maxoutdegree, destinations, destweights);
    int err = MPI_SUCCESS;
    bool w = false;
    const DistNeighbours* n = neighbours_of(call, comm, err, w);
    if (n == nullptr) return err;
    const int in = static_cast<int>(n->sources.size());
    const int out = static_cast<int>(n->destinations.size());
    if (maxindegree < in || maxoutdegree < out)
        return call.error(comm, MPI_ERR_ARG, Misuse::InvalidArgument,
                          fmt::format("maxindegree {} and maxoutdegree {} are less than the "
                                      "degrees {} and {} (MPI_Dist_graph_neighbors_count)",
                                      maxindegree, maxoutdegree, in, out));
    const bool want_weights = w && sourceweights != MPI_UNWEIGHTED;
    for (int i = 0; i < in; ++i) {
        sources[i] = n->sources[i];
        if (want_weights) sourceweights[i] = n->source_weights[i];
    }
    for (int i = 0; i < out; ++i) {
        destinations[i] = n->destinations[i];
        if (w && destweights != MPI_UNWEIGHTED) destweights[i] = n->destination_weights[i];
    }
    return MPI_SUCCESS;
}
