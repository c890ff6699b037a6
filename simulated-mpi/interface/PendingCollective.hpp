// One collective operation in progress on a communicator: every member's part, filed as the
// member calls. The checker reads it to describe a rank blocked in a collective; the runtime
// keeps one queue of them per communicator (src/CollectiveQueue.hpp).
#pragma once

#include "simulated-mpi/interface/Collective.hpp"
#include "simulated-mpi/src/OpTable.hpp"
#include "simulated-mpi/src/Typemap.hpp"

#include <mpi.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace rankfold::mpi {

struct CollectivePart {
    int rank = -1; // world rank of the caller; -1 until it has called
    CollectiveArgs args;
    const char* name = "";         // the MPI function it called
    std::uintptr_t site = 0;       // where
    int slot = -1;                 // its request, completed when the operation executes
    MPI_Comm comm = MPI_COMM_NULL; // the caller's handle on the communicator
    // The datatypes and the user operator as they were when the rank called: a nonblocking
    // collective may outlive them (MPI_Type_free and MPI_Op_free are deferred until the
    // operation completes, MPI 3.1 §4.1.9 and §5.9.5).
    TypemapRef sendmap{};
    TypemapRef recvmap{};
    std::optional<UserOp> user_op{};
    friend bool operator==(const CollectivePart&, const CollectivePart&) = default;
};

struct PendingCollective {
    std::vector<CollectivePart> parts; // by rank in the communicator
    int arrived = 0;
    bool complete() const { return arrived == static_cast<int>(parts.size()); }
    // A part that has arrived other than `comm_rank`'s, or nullptr.
    const CollectivePart* other_than(int comm_rank) const;
    friend bool operator==(const PendingCollective&, const PendingCollective&) = default;
};

} // namespace rankfold::mpi
