// Collectives on an intercommunicator (MPI 3.1 §5.2.2): every member of both groups takes part,
// and data flows from one group to the other. Rankfold runs MPI_Barrier, MPI_Bcast (the root
// passes MPI_ROOT, the rest of its group MPI_PROC_NULL, the other group the root's rank) and
// MPI_Allreduce (each group receives the reduction of the other group's contributions), and
// makes communicators with MPI_Comm_dup, MPI_Comm_split and MPI_Intercomm_merge; any other
// collective on an intercommunicator is refused by name rather than given an
// intracommunicator's meaning.
#pragma once

#include "simulated-mpi/interface/PendingCollective.hpp"
#include "simulated-mpi/interface/RankCall.hpp"
#include "simulated-mpi/src/WorldCore.hpp"

namespace rankfold::mpi::intercomm {

// The argument checks of `call` on intercommunicator view `v`; false after fail().
bool check(WorldCore& core, int rank, const RankCall& call, const WorldCore::CommView& v);
// Moves the data of a Barrier, Bcast or Allreduce every member of both groups has joined;
// `op`'s parts are in `Communicator::members` order, the first `first_group_size` one group.
// Failures are recorded on `call` of `rank`, the call that completed the operation.
bool execute(WorldCore& core, int rank, const PendingCollective& op, const RankCall& call,
             int first_group_size);

} // namespace rankfold::mpi::intercomm
