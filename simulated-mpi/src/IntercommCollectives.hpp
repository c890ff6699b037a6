// Collectives on an intercommunicator (MPI 3.1 §5.2.2): every member of both groups takes part,
// and data flows from one group to the other. Rankfold runs the rooted ones (Bcast, Gather,
// Scatter, Reduce: the root passes MPI_ROOT, the rest of its group MPI_PROC_NULL, the other
// group the root's rank), Barrier, Allgather, Alltoall, Allreduce and Reduce_scatter, their v, w
// and I-forms (IntercommFamilies.hpp moves the data), and makes communicators with
// MPI_Comm_dup, MPI_Comm_split and MPI_Intercomm_merge; Scan and Exscan, which MPI does not
// define there, are refused by name rather than given an intracommunicator's meaning.
#pragma once

#include "simulated-mpi/interface/PendingCollective.hpp"
#include "simulated-mpi/interface/RankCall.hpp"
#include "simulated-mpi/src/WorldCore.hpp"

namespace rankfold::mpi::intercomm {

// The argument checks of `call` on intercommunicator view `v`; false after fail().
bool check(WorldCore& core, int rank, const RankCall& call, const WorldCore::CommView& v);
// Moves the data of a collective every member of both groups has joined;
// `op`'s parts are in `Communicator::members` order, the first `first_group_size` one group.
// Failures are recorded on `call` of `rank`, the call that completed the operation.
bool execute(WorldCore& core, int rank, const PendingCollective& op, const RankCall& call,
             int first_group_size);

} // namespace rankfold::mpi::intercomm
