// CommConstruction, a part of MpiWorld: the collectives that make communicators (MPI 3.1
// §6.4.2, §7.5.1), one function per kind. Once every member of the parent has called, the new
// communicators are made and each caller's handle is written where it asked; members that get
// none receive MPI_COMM_NULL. It holds no data: it is built over the world's communicators and
// collective queues for the one call that completes the operation.
#pragma once

#include "simulated-mpi/interface/PendingCollective.hpp"
#include "simulated-mpi/interface/RankCall.hpp"
#include "simulated-mpi/src/CollectiveQueue.hpp"
#include "simulated-mpi/src/WorldCore.hpp"

#include <vector>

namespace rankfold::mpi {

class CommConstruction {
public:
    // `call` of `rank` completed the operation; failures are recorded on it.
    CommConstruction(WorldCore& core, CollectiveQueue& queue, int rank, const RankCall& call)
        : core_(core), queue_(queue), rank_(rank), call_(call) {}

    // Makes the communicators operation `op` on communicator `id` asks for; false after fail().
    bool execute(int id, const PendingCollective& op);

    // The new communicators, as lists of parent ranks, and the one each parent rank joins.
    struct Plan {
        std::vector<std::vector<int>> groups;
        std::vector<int> group_of; // -1: none (MPI_COMM_NULL)
        std::vector<int> cart_dims, cart_periods;
        GraphTopology graph{};
        // Per group, for intercommunicators (a duplicate or split of one): how many of its
        // members form the first group. Empty: every group is an intracommunicator.
        std::vector<int> first_group_sizes{};
    };
    // The plans of each kind, from the members' parts; false after fail().
    static Plan dup(const Communicator& parent);
    static Plan split(const PendingCollective& op); // CommSplit, CommSplitType
    // MPI_Comm_split of an intercommunicator: each colour's members of the two groups become
    // an intercommunicator, if both groups have some (MPI 3.1 §6.4.2).
    static Plan split_inter(const PendingCollective& op, int first_group_size);
    bool create(const PendingCollective& op, const Communicator& parent, Plan& plan);
    // MPI_Comm_create of an intercommunicator: each group passes a subgroup of its own; the two
    // subgroups become an intercommunicator, if neither is empty.
    bool create_inter(const PendingCollective& op, const Communicator& parent, Plan& plan);
    bool cart_create(const PendingCollective& op, Plan& plan);
    // MPI_Graph_create, MPI_Dist_graph_create(_adjacent): CommGraphs.cpp.
    bool graph_create(const PendingCollective& op, Plan& plan);
    bool dist_graph_create(const PendingCollective& op, Plan& plan);
    bool merge(const PendingCollective& op, const Communicator& parent, Plan& plan);

private:
    bool fail(int code, Misuse misuse, std::string message);
    bool make(const PendingCollective& op, const Communicator& parent, const Plan& plan);

    WorldCore& core_;
    CollectiveQueue& queue_;
    int rank_;
    const RankCall& call_;
};

} // namespace rankfold::mpi
