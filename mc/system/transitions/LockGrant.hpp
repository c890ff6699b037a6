// Family LockGrant: a rank waiting in MPI_Win_lock (or MPI_Win_lock_all) gets its lock. Two
// grants on one target conflict, shared ones too: whoever gets a lock first runs its epoch
// first, and operations land at the unlock, so the order of two shared epochs decides what an
// MPI_Get_accumulate in one of them reads of the other's accumulates (rankfold-run
// --check-independence on rma-accumulate-two-origins shows the states differ). Shared grants
// commute only once landing is a choice of its own (a later issue). What the holder then does
// is ordered by the lock against other origins, but not against its targets, which run their
// own code beside a shared lock, lock_all or MPI_MODE_NOCHECK, and even beside an exclusive
// lock (a target reads its own window without one): a grant whose closure issues operations,
// like any such step, is dependent with what runs a target (transitions/PassiveTargets.hpp).
#pragma once

#include "mc/search/Transition.hpp"
#include "mc/system/transitions/Footprint.hpp"

namespace rankfold::mc::transitions {

constexpr Footprint lock_grant_footprint(const Transition& t) {
    const int target = lock_grant_target(t.outcome);
    // Targets are bytes [target + 1, target + 2) of the window's locks; lock_all takes them all.
    const std::uint64_t begin = target < 0 ? 1 : static_cast<std::uint64_t>(target) + 1;
    const std::uint64_t end = target < 0 ? ~std::uint64_t{0} : begin + 1;
    return Footprint{}
        .add({Resource::WindowLock, Access::Write, t.object, begin, end})
        .add({Resource::RankCall, Access::Write, t.rank})
        // Like every choice of a rank, ordered with its other choices by footprint alone.
        .add({Resource::Requests, Access::Write, t.rank});
}

} // namespace rankfold::mc::transitions
