#include "simulated-mpi/src/CartTopology.hpp"
#include "simulated-mpi/src/CommSplit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cstddef>

namespace rankfold::mpi {
namespace {

// Wraps c into [0, extent).
long long wrap(long long c, int extent) {
    const long long m = c % extent;
    return m < 0 ? m + extent : m;
}

} // namespace

int CartTopology::size() const {
    int n = 1;
    for (int d : dims) n *= d;
    return n;
}

int CartTopology::member_rank(int parent_rank) const {
    return parent_rank >= 0 && parent_rank < size() ? parent_rank : MPI_UNDEFINED;
}

MpiResult<int> CartTopology::rank_of(const std::vector<int>& coords) const {
    if (coords.size() != dims.size())
        return MpiError{MPI_ERR_INTERN, fmt::format("{} coordinates for a {}-dimensional grid",
                                                    coords.size(), dims.size())};
    int rank = 0;
    for (std::size_t i = 0; i < dims.size(); ++i) {
        long long c = coords[i];
        if (periods[i] != 0)
            c = wrap(c, dims[i]);
        else if (c < 0 || c >= dims[i])
            return MpiError{MPI_ERR_ARG,
                            fmt::format("coords[{}] is {}, outside 0..{} of a non-periodic "
                                        "dimension",
                                        i, c, dims[i] - 1)};
        rank = rank * dims[i] + static_cast<int>(c);
    }
    return rank;
}

MpiResult<std::vector<int>> CartTopology::coords_of(int rank) const {
    if (rank < 0 || rank >= size())
        return MpiError{MPI_ERR_RANK, fmt::format("rank {} is not in a grid of {}", rank, size())};
    std::vector<int> coords(dims.size());
    for (std::size_t i = dims.size(); i-- > 0;) {
        coords[i] = rank % dims[i];
        rank /= dims[i];
    }
    return coords;
}

MpiResult<CartShift> CartTopology::shift(int rank, int direction, int disp) const {
    if (dims.empty())
        return MpiError{MPI_ERR_TOPOLOGY, "a 0-dimensional grid has no direction to shift in"};
    if (direction < 0 || direction >= ndims())
        return MpiError{MPI_ERR_ARG, fmt::format("direction {} is not a dimension of a "
                                                 "{}-dimensional grid",
                                                 direction, ndims())};
    auto coords = coords_of(rank);
    if (!coords) return coords.error();
    if (disp == 0) return CartShift{rank, rank};

    // The neighbour `step` away along `direction`; 64-bit so that any int disp is exact.
    auto neighbour = [&](long long step) {
        std::vector<int> c = *coords;
        const long long moved = c[direction] + step;
        const int extent = dims[direction];
        if (periods[direction] == 0 && (moved < 0 || moved >= extent)) return MPI_PROC_NULL;
        c[direction] = static_cast<int>(wrap(moved, extent));
        return rank_of(c).value();
    };
    return CartShift{neighbour(-static_cast<long long>(disp)), neighbour(disp)};
}

MpiResult<CartTopology> CartTopology::create(int parent_size, int ndims,
                                             const std::vector<int>& dims,
                                             const std::vector<int>& periods,
                                             [[maybe_unused]] bool reorder) {
    if (ndims < 0)
        return MpiError{MPI_ERR_ARG, fmt::format("ndims is {}, must be non-negative", ndims)};
    if (dims.size() != static_cast<std::size_t>(ndims) || periods.size() != dims.size())
        return MpiError{MPI_ERR_INTERN, fmt::format("{} dims and {} periods for ndims {}",
                                                    dims.size(), periods.size(), ndims)};
    long long product = 1; // saturates: past parent_size it is an error whatever its value
    for (std::size_t i = 0; i < dims.size(); ++i) {
        if (dims[i] <= 0)
            return MpiError{MPI_ERR_DIMS,
                            fmt::format("dims[{}] is {}, must be positive", i, dims[i])};
        product = std::min<long long>(product * dims[i], static_cast<long long>(INT_MAX) + 1);
    }
    if (product > parent_size)
        return MpiError{MPI_ERR_ARG,
                        fmt::format("the grid has {} processes, the communicator only {}", product,
                                    parent_size)};
    CartTopology t{dims, {}};
    for (int p : periods) t.periods.push_back(p != 0 ? 1 : 0);
    return t;
}

MpiResult<CartSub> cart_sub(const CartTopology& topology, const Group& members,
                            const std::vector<int>& remain_dims) {
    if (members.size() != static_cast<std::size_t>(topology.size()) ||
        remain_dims.size() != topology.dims.size())
        return MpiError{MPI_ERR_INTERN,
                        fmt::format("{} members and {} remain_dims for a {}-process, "
                                    "{}-dimensional grid",
                                    members.size(), remain_dims.size(), topology.size(),
                                    topology.ndims())};
    CartSub out;
    for (std::size_t i = 0; i < remain_dims.size(); ++i) {
        if (remain_dims[i] == 0) continue;
        out.topology.dims.push_back(topology.dims[i]);
        out.topology.periods.push_back(topology.periods[i]);
    }
    // As a split: the dropped coordinates pick the subgrid, the kept ones order it.
    std::vector<SplitArgs> args(members.size());
    for (int r = 0; r < topology.size(); ++r) {
        const std::vector<int> c = topology.coords_of(r).value();
        for (std::size_t i = 0; i < c.size(); ++i) {
            int& field = remain_dims[i] != 0 ? args[r].key : args[r].color;
            field = field * topology.dims[i] + c[i];
        }
    }
    auto split = comm_split(members, args);
    if (!split) return split.error();
    for (const auto& g : *split) out.groups.push_back(*g);
    return out;
}

} // namespace rankfold::mpi
