// The data movement of the collectives Rankfold runs on intercommunicators (MPI 3.1 §5.2.2,
// §5.5-§5.10): in each, one group's data reaches the other group. A rooted one (Bcast, Gather,
// Scatter, Reduce) has its root pass MPI_ROOT, the rest of the root's group MPI_PROC_NULL and
// the other group the root's rank in its group; the others (Allgather, Alltoall, Allreduce,
// Reduce_scatter) move data both ways, each member's buffers indexed by ranks of the remote
// group. `op`'s parts are in `Communicator::members` order, the first `split` one group;
// failures go to `failure` (the call that completed the operation).
#pragma once

#include "simulated-mpi/interface/PendingCollective.hpp"
#include "simulated-mpi/interface/RankCall.hpp"
#include "simulated-mpi/src/WorldCore.hpp"

#include <optional>
#include <vector>

namespace rankfold::mpi::intercomm {

// The part that passed MPI_ROOT, after checking every part's root argument against it.
std::optional<int> find_root(const PendingCollective& op, int split, const RankCall& call,
                             std::optional<MpiFailure>& failure);

bool gather_to_root(WorldCore& core, const PendingCollective& op, int split, int root,
                    const RankCall& call, std::optional<MpiFailure>& failure);
bool scatter_from_root(WorldCore& core, const PendingCollective& op, int split, int root,
                       const RankCall& call, std::optional<MpiFailure>& failure);
bool allgather_across(WorldCore& core, const PendingCollective& op, int split, const RankCall& call,
                      std::optional<MpiFailure>& failure);
bool alltoall_across(WorldCore& core, const PendingCollective& op, int split, const RankCall& call,
                     std::optional<MpiFailure>& failure);
// Allreduce's one direction: the fold of `from`'s contributions (in rank order) into every
// receive buffer of `to`.
bool reduce_across(WorldCore& core, const std::vector<CollectivePart>& from,
                   const std::vector<CollectivePart>& to, const RankCall& call,
                   std::optional<MpiFailure>& failure);
// Reduce (to the root) and Reduce_scatter(_block): the fold of the other group's
// contributions, in rank order.
bool reduce_to_root(WorldCore& core, const PendingCollective& op, int split, int root,
                    const RankCall& call, std::optional<MpiFailure>& failure);
bool reduce_scatter_across(WorldCore& core, const PendingCollective& op, int split,
                           const RankCall& call, std::optional<MpiFailure>& failure);

} // namespace rankfold::mpi::intercomm
