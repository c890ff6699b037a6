// The OpenSHMEM half of MpiWorld's landings (RmaDelivery.cpp): the puts and atomics of the
// PEs on their way (shmem::PendingPut), seen as open landings of window -1 (and below, one per
// context).
#pragma once

#include "simulated-mpi/interface/MpiWorld.hpp"

#include <string>
#include <vector>

namespace rankfold::mpi {

constexpr int kShmemLandingWindow = -1;
// A PE's puts on context c are landings of window -1 - c: each context's are a stream of
// their own (the transition's object tells them apart).
constexpr int shmem_landing_window(int context) {
    return kShmemLandingWindow - context;
}
constexpr int shmem_landing_context(int window) {
    return kShmemLandingWindow - window;
}

// Appends the oldest pending put of each PE to each target on each context.
void shmem_open_landings(const shmem::ShmemWorld& shmem, std::vector<MpiWorld::OpenLanding>& out);
// Whether the next step of `rank` at `call` could tell whether a pending put to it landed.
// `entered`: the rank waits inside `call`; else it is about to issue it. Any step of the target
// could (what it reads is known only once it runs: landing at its first access to the bytes
// would need a choice point inside the step, README "Limits today"), and a get or fetching
// atomic of another PE about to read the put's bytes (ShmemOp::Fetch).
bool shmem_observes_landing(const shmem::ShmemWorld& shmem, int rank, const RankCall& call,
                            bool entered);
// Whether `call` of `rank` is a get or fetching atomic about to read bytes that `landing`, or
// a put of its stream behind it, writes: the landing is then open before the rank's step.
bool shmem_fetch_sees(const shmem::ShmemWorld& shmem, int rank, const RankCall& call,
                      const MpiWorld::OpenLanding& landing);
inline bool is_fetch(const RankCall& call) {
    return call.kind == CallKind::Shmem && call.shmem.op == shmem::ShmemOp::Fetch;
}
// The targets of the pending puts `call` of `rank` lands (quiet and the calls starting with one).
void shmem_landings_completed_by(const shmem::ShmemWorld& shmem, int rank, const RankCall& call,
                                 std::vector<int>& targets);

} // namespace rankfold::mpi
