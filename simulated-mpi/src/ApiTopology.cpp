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

} // namespace

#define RF_GRID_OR_RETURN(comm)                                                                    \
    int rf_err_ = MPI_SUCCESS;                                                                     \
    const auto g = grid(call, comm, rf_err_);                                                      \
    if (!g) return rf_err_

RF_EXPORT int MPI_Dims_create(int nnodes, int ndims, int dims[]) {
    RF_LOCAL_ENTRY("MPI_Dims_create");
    const auto r = dims_create(
        nnodes, ndims, ndims > 0 ? std::vector<int>(dims, dims + ndims) : std::vector<int>{});
    if (!r) return raise(call, MPI_COMM_WORLD, r);
    for (int i = 0; i < ndims; ++i) dims[i] = (*r)[i];
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Cart_create(MPI_Comm comm, int ndims, const int dims[], const int periods[],
                              int reorder, MPI_Comm* comm_cart) {
    RF_LOCAL_ENTRY("MPI_Cart_create");
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
    if (!t) return raise(call, comm, t);
    RankCall c = make_call(CallKind::Collective, call.name, site);
    c.comm = comm;
    c.coll.kind = CollectiveKind::CartCreate;
    c.coll.ndims = ndims;
    c.coll.dims = dims;
    c.coll.periods = periods;
    c.coll.newcomm = comm_cart;
    return submit(c);
}

RF_EXPORT int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm* newcomm) {
    RF_LOCAL_ENTRY("MPI_Cart_sub");
    RF_GRID_OR_RETURN(comm);
    const auto& [topology, me] = *g;
    const auto coords = topology.coords_of(me);
    if (!coords) return raise(call, comm, coords);
    // The sub-grids are the classes of equal coordinates in the dropped dimensions: a split
    // whose colour numbers that class and whose key keeps the row-major order.
    int color = 0;
    std::vector<int> sub_dims, sub_periods;
    for (int i = 0; i < topology.ndims(); ++i) {
        if (remain_dims[i] != 0) {
            sub_dims.push_back(topology.dims[i]);
            sub_periods.push_back(topology.periods[i]);
        } else {
            color = color * topology.dims[i] + (*coords)[i];
        }
    }
    RankCall c = make_call(CallKind::Collective, call.name, site);
    c.comm = comm;
    c.coll.kind = CollectiveKind::CommSplit;
    c.coll.color = color;
    c.coll.key = me;
    c.coll.newcomm = newcomm;
    if (const int err = submit(c); err != MPI_SUCCESS) return err;
    const auto v = call.world.comms().view(call.rank, *newcomm);
    Communicator& sub = call.world.comms().communicator(v->id);
    sub.cart_dims = sub_dims;
    sub.cart_periods = sub_periods;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Topo_test(MPI_Comm comm, int* status) {
    RF_LOCAL_ENTRY("MPI_Topo_test");
    const auto v = call.world.comms().view(call.rank, comm);
    if (!v)
        return call.error(MPI_COMM_WORLD, MPI_ERR_COMM, Misuse::InvalidHandle,
                          fmt::format("invalid communicator {:#x}", comm));
    const Communicator& c = call.world.comms().communicator(v->id);
    *status = c.cart_dims.empty() ? MPI_UNDEFINED : MPI_CART;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Cartdim_get(MPI_Comm comm, int* ndims) {
    RF_LOCAL_ENTRY("MPI_Cartdim_get");
    RF_GRID_OR_RETURN(comm);
    *ndims = g->first.ndims();
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]) {
    RF_LOCAL_ENTRY("MPI_Cart_get");
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
    RF_LOCAL_ENTRY("MPI_Cart_rank");
    RF_GRID_OR_RETURN(comm);
    const auto& topology = g->first;
    const auto r = topology.rank_of(std::vector<int>(coords, coords + topology.ndims()));
    if (!r) return raise(call, comm, r);
    *rank = *r;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[]) {
    RF_LOCAL_ENTRY("MPI_Cart_coords");
    RF_GRID_OR_RETURN(comm);
    const auto c = g->first.coords_of(rank);
    if (!c) return raise(call, comm, c);
    for (int i = 0; i < maxdims && i < g->first.ndims(); ++i) coords[i] = (*c)[i];
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Cart_shift(MPI_Comm comm, int direction, int disp, int* rank_source,
                             int* rank_dest) {
    RF_LOCAL_ENTRY("MPI_Cart_shift");
    RF_GRID_OR_RETURN(comm);
    const auto s = g->first.shift(g->second, direction, disp);
    if (!s) return raise(call, comm, s);
    *rank_source = s->source;
    *rank_dest = s->dest;
    return MPI_SUCCESS;
}
