// Cartesian process topologies (MPI 3.1 §7.5) as values: the grid a communicator carries and
// the pure functions over it (Cart_create's checks, Cart_rank, Cart_coords, Cart_shift,
// Cart_sub). Ranks are laid out row-major, the last dimension varying fastest, as MPI requires.
//
// Error classes follow MPICH 4.0: bad coordinates and directions are MPI_ERR_ARG, a rank outside
// the grid MPI_ERR_RANK, a shift on a 0-dimensional grid MPI_ERR_TOPOLOGY, and a grid larger
// than its parent communicator MPI_ERR_ARG (MPICH's choice: there is no topology yet to be
// wrong). A dimension extent that is not positive is MPI_ERR_DIMS here; MPICH 4.0.2 does not
// check it and builds a grid whose coordinates it cannot compute.
#pragma once

#include "simulated-mpi/src/MpiResult.hpp"
#include "simulated-mpi/src/ProcessGroup.hpp"

#include <vector>

namespace rankfold::mpi {

struct CartShift {
    int source = MPI_PROC_NULL;
    int dest = MPI_PROC_NULL;
    friend bool operator==(const CartShift&, const CartShift&) = default;
};

struct CartTopology {
    std::vector<int> dims;
    std::vector<int> periods; // 1 periodic, 0 not; one per dimension

    int ndims() const { return static_cast<int>(dims.size()); }
    // Processes in the grid: the product of dims, 1 for a 0-dimensional grid.
    int size() const;

    // MPI_Cart_rank: periodic coordinates wrap, others must lie in the grid.
    MpiResult<int> rank_of(const std::vector<int>& coords) const;
    // MPI_Cart_coords.
    MpiResult<std::vector<int>> coords_of(int rank) const;
    // MPI_Cart_shift for the process `rank`: dest is rank+disp along `direction`, source is
    // rank-disp; MPI_PROC_NULL past the edge of a non-periodic dimension.
    MpiResult<CartShift> shift(int rank, int direction, int disp) const;
    // The rank in the Cartesian communicator of parent rank `parent_rank`, or MPI_UNDEFINED
    // when it gets MPI_COMM_NULL (ranks past the grid).
    int member_rank(int parent_rank) const;

    // MPI_Cart_create over a parent communicator of `parent_size` processes; nonzero periods
    // entries count as true. Parent rank r < size() becomes rank r of the grid, the others get
    // MPI_COMM_NULL. `reorder` is ignored: MPI allows an implementation to keep the ranks, MPICH
    // does the same, and there is no machine whose topology a renumbering could fit.
    static MpiResult<CartTopology> create(int parent_size, int ndims, const std::vector<int>& dims,
                                          const std::vector<int>& periods, bool reorder);

    friend bool operator==(const CartTopology&, const CartTopology&) = default;
};

// MPI_Cart_sub: the sub-grid topology every new communicator carries, and for each rank of the
// Cartesian communicator its new group: the processes that share its coordinates in the dropped
// dimensions, ordered row-major by the kept ones.
struct CartSub {
    CartTopology topology;
    std::vector<Group> groups; // indexed by rank in the Cartesian communicator
    friend bool operator==(const CartSub&, const CartSub&) = default;
};

// `members` are the world ranks of the Cartesian communicator (index = rank). Dropping every
// dimension gives each process a 0-dimensional grid of its own: the standard has every process
// get the subgrid that includes it (MPICH 4.0.2 gave one to rank 0 only and MPI_COMM_NULL to the
// others, pmodels/mpich#7832, fixed since).
MpiResult<CartSub> cart_sub(const CartTopology& topology, const Group& members,
                            const std::vector<int>& remain_dims);

} // namespace rankfold::mpi
