// What a transition's closure does to the targets of passive target epochs, beyond its
// family's footprint. A closure runs ranks' code, which may issue RMA operations to the
// targets they hold a lock on (MPI_Win_lock, shared or exclusive, or MPI_Win_lock_all, with or
// without MPI_MODE_NOCHECK). A new pending operation to a target changes that target's next
// step: the closure no longer runs it (the operation could land before it:
// OpenChoices::landing_blocks), and a request-based one (MPI_Rput) lands inside the call. So
// such a transition is dependent with every transition that runs a target's code:
// - the target's own choices;
// - a landing at the target, or of an operation the target issued: it releases the target's
//   step that waited for it (RemoteLanding.hpp);
// - a wildcard match that takes a message of the target, completing its send.
// An exclusive lock orders the holder against other origins (LockGrant.hpp) but not against
// the target itself, which reads its own window without one: every lock counts.
//
// Which targets a closure addresses (and the origin of a fetching operation, which its own
// pending result holds too) is known once it ran: `Transition::passive_targets` holds them
// for an executed transition, and `Transition::ran` the ranks whose code it ran
// (SearchSpace::annotate; the explorer's sleep sets keep executed transitions), so a lock
// grant or a step whose code issues nothing stays independent of its targets' steps, and so
// does a landing at a target that waits where the landing does not release it. A transition
// not executed yet carries what it may do: every target any rank holds or waits for a lock on
// (OpenChoices::list), and the ranks listed above.
//
// rankfold-run --check-independence on race-rma-shared-flag-poll-fixed shows the pairs this
// orders: rank 1's lock_all grant runs its MPI_Accumulate into rank 0's window, which holds
// rank 0 at its next call; in the other order rank 0's step ran first. Still not ordered: a
// closure that runs a target only by completing its collective (the target then runs in one
// order and is held in the other, but holding it loses nothing: its held step reaches the
// same state).
#pragma once

#include "mc/search/Transition.hpp"

#include <cstdint>

namespace rankfold::mc::transitions {

// The ranks whose code `t`'s closure ran (executed) or may run (not yet).
constexpr std::uint64_t ranks_run_by(const Transition& t) {
    std::uint64_t ranks = process_bit(t.rank);
    if (t.ran != 0) return ranks | t.ran;
    if (t.kind == TransitionKind::RemoteLanding || t.kind == TransitionKind::WildcardMatch)
        ranks |= process_bit(t.outcome); // the target of a landing; the sender of a match
    return ranks;
}

// Whether `holder`'s closure addresses an operation to a rank whose code `other` runs.
constexpr bool reaches_passive_target(const Transition& holder, const Transition& other) {
    return (holder.passive_targets & ranks_run_by(other) & ~process_bit(holder.rank)) != 0;
}

} // namespace rankfold::mc::transitions
