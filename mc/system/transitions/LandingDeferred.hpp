// Family LandingDeferred: a rank takes the step the closure would have taken (issue or
// complete its call, then run its code to the next call) while landings it could observe
// stay pending — the "not yet" beside each RemoteLanding that rank could see. Like every step
// of a rank, it ends the rank's call and may change its requests; against landings it is
// decided by DependencyTable's Landing rule (the landings it could see are the ones whose
// target, or fetching origin, it is). It is never offered for a step that would complete
// operations of its own rank (quiet, barrier, MPI_Win_unlock, flush) that another rank could
// see land (OpenChoices): that step would land them, and so conflict with every step of their
// targets, which the footprint below does not say; those landings are choices of their own
// first. A step that starts with an OpenSHMEM get or fetching atomic (ShmemOp::Fetch) also
// reads the bytes it gets from another PE: `detail` names that PE (fetch_detail),
// [receive_id, message_id) the bytes, not part of the identity; a landing that writes them
// conflicts with it by footprint.
#pragma once

#include "mc/search/Transition.hpp"
#include "mc/system/transitions/Footprint.hpp"

namespace rankfold::mc::transitions {

constexpr std::uint32_t fetch_detail(int target) {
    return static_cast<std::uint32_t>(target) + 1;
}

constexpr Footprint landing_deferred_footprint(const Transition& t) {
    Footprint f = Footprint{}
                      .add({Resource::RankCall, Access::Write, t.rank})
                      .add({Resource::Requests, Access::Write, t.rank});
    if (t.detail != 0)
        f.add({Resource::WindowMemory, Access::Read, static_cast<int>(t.detail) - 1, t.receive_id,
               t.message_id});
    return f;
}

} // namespace rankfold::mc::transitions
