// The OpenSHMEM half of MpiWorld's landings (RmaDelivery.cpp): the puts and atomics of the
// PEs on their way (shmem::PendingPut), seen as open landings of window -1.
#pragma once

#include "simulated-mpi/interface/MpiWorld.hpp"

#include <string>
#include <vector>

namespace rankfold::mpi {

constexpr int kShmemLandingWindow = -1;

// Appends the oldest pending put of each PE to each target.
void shmem_open_landings(const shmem::ShmemWorld& shmem, std::vector<MpiWorld::OpenLanding>& out);
// Whether the next step of `rank` at `call` could tell whether a pending put to it landed.
// `entered`: the rank waits inside `call`; else it is about to issue it.
bool shmem_observes_landing(const shmem::ShmemWorld& shmem, int rank, const RankCall& call,
                            bool entered);
// The targets of the pending puts `call` of `rank` lands (quiet and the calls starting with one).
void shmem_landings_completed_by(const shmem::ShmemWorld& shmem, int rank, const RankCall& call,
                                 std::vector<int>& targets);

} // namespace rankfold::mpi
