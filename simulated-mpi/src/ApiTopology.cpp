// Cartesian topologies (MPI 3.1 §7.5): MPI_Cart_create and MPI_Cart_sub make communicators
// (collectively); the queries are local, computed by CartTopology from the grid the
// communicator carries.
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/CartTopology.hpp"
#include "simulated-mpi/src/DimsCreate.hpp"

#include <fmt/format.h>

using namespace rankfold::mpi;

namespace {

Misuse misuse_of(int code) {
    return code == MPI_ERR_RANK ? Misuse::InvalidRank : Misuse::InvalidArgument;
}

// The grid of `comm` and this rank's rank in it; nullopt after raising the error.
std::optional<std::pair<CartTopology, int>> grid(const LocalCall& call, MPI_Comm comm, int& err) {
    const auto v = call.world.comms().view(call.rank, comm);
    if (!v) {
        err = call.error(MPI_COMM_WORLD, MPI_ERR_COMM, Misuse::InvalidHandle,
                         fmt::format("invalid communicator {:#x}", comm));
        return std::nullopt;
    }
    const Communicator& c = call.world.comms().communicator(v->id);
    if (c.cart_dims.empty() && c.cart_periods.empty() && c.members.size() != 1) {
        err = call.error(comm, MPI_ERR_TOPOLOGY, Misuse::InvalidArgument,
                         "the communicator has no Cartesian topology");
        return std::nullopt;
    }
    return std::pair{CartTopology{c.cart_dims, c.cart_periods}, v->my_rank};
}

template <class T> int raise(const LocalCall& call, MPI_Comm comm, const MpiResult<T>& r) {
    return call.error(comm, r.code(), misuse_of(r.code()), r.error().message);
}

// MPI_Cart_create's argument checks (CartTopology::create), MPI_SUCCESS or the error raised.
int check_cart_create(const LocalCall& call, MPI_Comm comm, int ndims, const int dims[],
                      const int periods[], int reorder) {
    const auto size = call.world.comm_size(call.rank, comm);
    if (!size)
        return call.error(MPI_COMM_WORLD, MPI_ERR_COMM, Misuse::InvalidHandle,
                          fmt::format("invalid communicator {:#x}", comm));
    std::vector<int> d, p;
    for (int i = 0; i < ndims; ++i) {
        d.push_back(dims[i]);
        p.push_back(periods[i]);
    }
    const auto t = CartTopology::create(*size, ndims, d, p, reorder != 0);
    return t ? MPI_SUCCESS : raise(call, comm, t);
}

// The split colour of this rank's sub-grid and its rank in the grid.
int cart_sub_color(const LocalCall& call, MPI_Comm comm, const int remain_dims[], int& color,
                   int& me) {
    int err = MPI_SUCCESS;
    const auto g = grid(call, comm, err);
    if (!g) return err;
    const CartTopology& topology = g->first;
    me = g->second;
    const auto coords = topology.coords_of(me);
    if (!coords) return raise(call, comm, coords);
    color = 0;
    for (int i = 0; i < topology.ndims(); ++i)
        if (remain_dims[i] == 0) color = color * topology.dims[i] + (*coords)[i];
    return MPI_SUCCESS;
}

// Gives the communicator MPI_Cart_sub made the kept dimensions of the parent grid.
void set_sub_topology(const LocalCall& call, MPI_Comm parent, const int remain_dims[],
                      MPI_Comm sub) {
    int err = MPI_SUCCESS;
    const auto g = grid(call, parent, err);
    const auto v = call.world.comms().view(call.rank, sub);
    if (!g || !v) return;
    Communicator& c = call.world.comms().communicator(v->id);
    c.cart_dims.clear();
    c.cart_periods.clear();
    for (int i = 0; i < g->first.ndims(); ++i)
        if (remain_dims[i] != 0) {
            c.cart_dims.push_back(g->first.dims[i]);
            c.cart_periods.push_back(g->first.periods[i]);
        }
}

} // namespace

#define RF_GRID_OR_RETURN(comm)                                                                    \
    int rf_err_ = MPI_SUCCESS;                                                                     \
    const auto g = grid(call, comm, rf_err_);                                                      \
    if (!g) return rf_err_

RF_EXPORT int MPI_Dims_create(int nnodes, int ndims, int dims[]) {
    RF_LOCAL_ENTRY("MPI_Dims_create", nnodes, ndims, dims);
    const auto r = dims_create(
        nnodes, ndims, ndims > 0 ? std::vector<int>(dims, dims + ndims) : std::vector<int>{});
    if (!r) return raise(call, MPI_COMM_WORLD, r);
    for (int i = 0; i < ndims; ++i) dims[i] = (*r)[i];
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Cart_create(MPI_Comm comm, int ndims, const int dims[], const int periods[],
                              int reorder, MPI_Comm* comm_cart) {
    RF_LOCAL_ENTRY("MPI_Cart_create", comm, ndims, dims, periods, reorder, comm_cart);
    // Checked in a scope of its own: nothing on the checker's heap may be alive while the rank
    // waits in the collective below (its stack is snapshot and restored, the heap is not).
    if (const int err = check_cart_create(call, comm, ndims, dims, periods, reorder);
        err != MPI_SUCCESS)
        return err;
    RankCall c = make_call(call, CallKind::Collective);
    c.comm = comm;
    c.coll.kind = CollectiveKind::CartCreate;
    c.coll.ndims = ndims;
    c.coll.dims = dims;
    c.coll.periods = periods;
    c.coll.newcomm = comm_cart;
    return submit(c);
}

RF_EXPORT int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm* newcomm) {
    RF_LOCAL_ENTRY("MPI_Cart_sub", comm, remain_dims, newcomm);
    // The sub-grids are the classes of equal coordinates in the dropped dimensions: a split
    // whose colour numbers that class and whose key keeps the row-major order. As in
    // MPI_Cart_create, no heap object may live across the collective.
    int color = 0;
    int me = 0;
    if (const int err = cart_sub_color(call, comm, remain_dims, color, me); err != MPI_SUCCESS)
        return err;
    RankCall c = make_call(call, CallKind::Collective);
    c.comm = comm;
    c.coll.kind = CollectiveKind::CommSplit;
    c.coll.color = color;
    c.coll.key = me;
    c.coll.newcomm = newcomm;
    if (const int err = submit(c); err != MPI_SUCCESS) return err;
    set_sub_topology(call, comm, remain_dims, *newcomm);
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Topo_test(MPI_Comm comm, int* status) {
    RF_LOCAL_ENTRY("MPI_Topo_test", comm, status);
    const auto v = call.world.comms().view(call.rank, comm);
    if (!v)
        return call.error(MPI_COMM_WORLD, MPI_ERR_COMM, Misuse::InvalidHandle,
                          fmt::format("invalid communicator {:#x}", comm));
    const Communicator& c = call.world.comms().communicator(v->id);
    *status = !c.graph.empty() ? c.graph.kind : c.cart_dims.empty() ? MPI_UNDEFINED : MPI_CART;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Cartdim_get(MPI_Comm comm, int* ndims) {
    RF_LOCAL_ENTRY("MPI_Cartdim_get", comm, ndims);
    RF_GRID_OR_RETURN(comm);
    *ndims = g->first.ndims();
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]) {
    RF_LOCAL_ENTRY("MPI_Cart_get", comm, maxdims, dims, periods, coords);
    RF_GRID_OR_RETURN(comm);
    const auto& [topology, me] = *g;
    const auto c = topology.coords_of(me);
    if (!c) return raise(call, comm, c);
    for (int i = 0; i < maxdims && i < topology.ndims(); ++i) {
        dims[i] = topology.dims[i];
        periods[i] = topology.periods[i];
        coords[i] = (*c)[i];
    }
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Cart_rank(MPI_Comm comm, const int coords[], int* rank) {
    RF_LOCAL_ENTRY("MPI_Cart_rank", comm, coords, rank);
    RF_GRID_OR_RETURN(comm);
    const auto& topology = g->first;
    const auto r = topology.rank_of(std::vector<int>(coords, coords + topology.ndims()));
    if (!r) return raise(call, comm, r);
    *rank = *r;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[]) {
    RF_LOCAL_ENTRY("MPI_Cart_coords", comm, rank, maxdims, coords);
    RF_GRID_OR_RETURN(comm);
    const auto c = g->first.coords_of(rank);
    if (!c) return raise(call, comm, c);
    for (int i = 0; i < maxdims && i < g->first.ndims(); ++i) coords[i] = (*c)[i];
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Cart_shift(MPI_Comm comm, int direction, int disp, int* rank_source,
                             int* rank_dest) {
    RF_LOCAL_ENTRY("MPI_Cart_shift", comm, direction, disp, rank_source, rank_dest);
    RF_GRID_OR_RETURN(comm);
    const auto s = g->first.shift(g->second, direction, disp);
    if (!s) return raise(call, comm, s);
    *rank_source = s->source;
    *rank_dest = s->dest;
    return MPI_SUCCESS;
}
