// MPI_Comm_split and MPI_Comm_split_type (MPI 3.1 §6.4.2) as pure functions of what every
// member of the parent communicator passed: which new group each member ends up in. The caller
// makes the communicators; this file only decides membership and order.
#pragma once

#include "simulated-mpi/src/MpiResult.hpp"
#include "simulated-mpi/src/ProcessGroup.hpp"

#include <optional>
#include <vector>

namespace rankfold::mpi {

// One member's arguments. For Comm_split_type, `color` holds the split_type.
struct SplitArgs {
    int color = 0;
    int key = 0;
    friend bool operator==(const SplitArgs&, const SplitArgs&) = default;
};

// For each member of a split: its new group, or nullopt for MPI_COMM_NULL.
using SplitResult = std::vector<std::optional<Group>>;

// The standard allows a color that is non-negative or MPI_UNDEFINED. MPICH 4.0.2 accepts any
// color; a negative one is still erroneous, so a checker reports it (MPI_ERR_ARG).
std::optional<MpiError> check_split_color(int color);
// MPI_COMM_TYPE_SHARED or MPI_UNDEFINED; anything else is MPI_ERR_ARG, as in MPICH.
std::optional<MpiError> check_split_type(int split_type);

// args[r] is what parent rank r passed. Members with the same color form a group, ordered by
// key and, for equal keys, by parent rank; MPI_UNDEFINED gives no communicator. The first
// invalid color (in parent rank order) is the error, its message naming that parent rank.
MpiResult<SplitResult> comm_split(const Group& parent, const std::vector<SplitArgs>& args);

// MPI_COMM_TYPE_SHARED groups the members that share memory. Every rank of a Rankfold run lives
// in one process, so that is all members passing it, ordered by key then parent rank.
MpiResult<SplitResult> comm_split_type(const Group& parent, const std::vector<SplitArgs>& args);

} // namespace rankfold::mpi
