// Collectives, a part of MpiWorld: issuing collective calls — their argument checks, filing each
// member's part in the operation it belongs to, checking that the parts of one operation fit
// together, and running the operation once every member is in (data movement: one function per
// family, CollectiveRun.hpp; new communicators: CommConstruction.hpp). A value type: it holds
// the operations in progress on each communicator and is given the rest of the world (requests,
// communicators, failures) with each call.
#pragma once

#include "simulated-mpi/interface/PendingCollective.hpp"
#include "simulated-mpi/interface/Progress.hpp"
#include "simulated-mpi/interface/RankCall.hpp"
#include "simulated-mpi/src/CollectiveQueue.hpp"
#include "simulated-mpi/src/GroupCreations.hpp"
#include "simulated-mpi/src/IntercommBridge.hpp"
#include "simulated-mpi/src/WorldCore.hpp"

namespace rankfold::mpi {

class StateHasher;

// One buffer argument of a collective (`what`: "send", "receive"): its count is not negative,
// its datatype usable, and it is no NULL buffer holding data; false after core.fail().
bool check_collective_buffer(WorldCore& core, int rank, const RankCall& call, const char* what,
                             const void* buf, int count, MPI_Datatype type);

class Collectives {
public:
    // Checks and files the collective `call` of `rank`; runs the operation if it completes it.
    Progress issue(WorldCore& core, int rank, RankCall& call);
    // The collective `rank` waits in on `comm` (for deadlock reports), or nullptr.
    const PendingCollective* waiting(const WorldCore& core, int rank, MPI_Comm comm) const;

    void feed(StateHasher& h) const {
        queue_.feed(h);
        bridge_.feed(h);
        groups_.feed(h);
    }
    friend bool operator==(const Collectives&, const Collectives&) = default;

private:
    static bool check(WorldCore& core, int rank, const RankCall& call,
                      const WorldCore::CommView& v);
    // Whether `call` fits the parts others filed in the operation it would join.
    static bool check_parts_agree(WorldCore& core, int rank, const RankCall& call,
                                  const PendingCollective* op, int comm_rank, bool inter);
    // Runs an operation every member has joined; false after fail().
    bool execute(WorldCore& core, int rank, const RankCall& call, int id,
                 const PendingCollective& op);

    // MPI_Comm_create_group: collective over a group, so not filed in the communicator's queue.
    Progress create_group(WorldCore& core, int rank, RankCall& call, int parent_id);

    CollectiveQueue queue_;
    IntercommBridge bridge_; // halves of MPI_Intercomm_create waiting for the other group
    GroupCreations groups_;  // MPI_Comm_create_group calls waiting for the rest of their group
};

} // namespace rankfold::mpi
