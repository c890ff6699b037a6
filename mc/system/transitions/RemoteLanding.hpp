// Family RemoteLanding: a pending RMA operation of a passive target epoch lands at its target
// (the transition's rank is the origin, its outcome the target). It writes (or, a Get, reads)
// the target's bytes; two accumulates with one operator on one basic type commute (MPI 3.1
// §11.7). Beyond its bytes, a landing is dependent with every step of a rank that could see
// it — the target, whose local code may read or write those bytes (no memory footprint of a
// step is known before it runs, so conservatively always), and the origin of a fetching
// operation, whose result buffer it writes: landing_observed_by decides that, in
// DependencyTable's Landing rule. The unlock or flush that completes it is a step of the
// origin, dependent by rank.
#pragma once

#include "mc/search/Transition.hpp"
#include "mc/system/transitions/Footprint.hpp"

namespace rankfold::mc::transitions {

constexpr Footprint remote_landing_footprint(const Transition& t) {
    return Footprint{}
        .add({Resource::WindowMemory, landing_writes(t.detail) ? Access::Write : Access::Read,
              t.outcome, t.receive_id,
              t.message_id == t.receive_id ? t.receive_id + 1 : t.message_id,
              landing_combine(t.detail)})
        // Like every choice of a rank, ordered with its other choices by footprint alone.
        .add({Resource::RankCall, Access::Write, t.rank})
        .add({Resource::Requests, Access::Write, t.rank});
}

// Whether `landing` is seen by what `other` does: a step of its target or (fetching) its
// origin, or another landing that writes where this one puts its result.
constexpr bool landing_observed_by(const Transition& landing, const Transition& other) {
    if (other.rank == landing.outcome || other.rank == landing.rank) return true;
    if (other.kind != TransitionKind::RemoteLanding) return false;
    return landing_fetches(landing.detail) && other.outcome == landing.rank;
}

} // namespace rankfold::mc::transitions
