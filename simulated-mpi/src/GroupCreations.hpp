// MPI_Comm_create_group (MPI 3.1 §6.4.2) is collective over the processes of a group, not over
// the communicator: the other members of the communicator do not call it, so it cannot join the
// communicator's queue of collectives. Each call waits here, with the others of its group (same
// parent communicator, tag and group), until every process of the group has called; then the
// communicator is made, in the group's rank order, and all of them return. Each process joins
// the oldest waiting call of its group and tag it has not joined yet.
// A value type, part of the MpiWorld state (through Collectives).
#pragma once

#include "simulated-mpi/interface/RankCall.hpp"
#include "simulated-mpi/src/CollectiveQueue.hpp"
#include "simulated-mpi/src/WorldCore.hpp"

#include <cstdint>
#include <vector>

namespace rankfold::mpi {

class GroupCreations {
public:
    // `rank` (a member of the group `call` names) made `call` on parent communicator
    // `parent_id`; its request is `slot`. Makes the communicator if it was the last; false
    // after fail() (a newcomm argument that is not writable). Processes that pass different
    // groups with one tag wait in different operations: MPI cannot tell an erroneous mix-up
    // from calls made early, so such a program ends in a deadlock, not a usage error.
    bool arrive(WorldCore& core, CollectiveQueue& queue, int rank, const RankCall& call,
                int parent_id, int slot);
    bool empty() const { return waiting_.empty(); }

    void feed(StateHasher& h) const;
    friend bool operator==(const GroupCreations&, const GroupCreations&) = default;

private:
    struct Arrival {
        int rank = 0;
        int slot = 0;
        std::uintptr_t site = 0;
        MPI_Comm comm = MPI_COMM_NULL;
        MPI_Comm* newcomm = nullptr;
        friend bool operator==(const Arrival&, const Arrival&) = default;
    };
    struct Waiting {
        int parent = 0;
        int tag = 0;
        std::vector<int> members; // world ranks, in the group's order
        std::vector<Arrival> arrived;
        friend bool operator==(const Waiting&, const Waiting&) = default;
    };
    bool make(WorldCore& core, CollectiveQueue& queue, int rank, const RankCall& call,
              const Waiting& w);

    std::vector<Waiting> waiting_; // in order of first arrival
};

} // namespace rankfold::mpi
