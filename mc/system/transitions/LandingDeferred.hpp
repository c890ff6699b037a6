// Family LandingDeferred: a rank takes the step the closure would have taken (issue or
// complete its call, then run its code to the next call) while landings it could observe
// stay pending — the "not yet" beside each RemoteLanding that rank could see. Like every step
// of a rank, it ends the rank's call and may change its requests; against landings it is
// decided by DependencyTable's Landing rule (the landings it could see are the ones whose
// target, or fetching origin, it is).
#pragma once

#include "mc/search/Transition.hpp"
#include "mc/system/transitions/Footprint.hpp"

namespace rankfold::mc::transitions {

constexpr Footprint landing_deferred_footprint(const Transition& t) {
    return Footprint{}
        .add({Resource::RankCall, Access::Write, t.rank})
        .add({Resource::Requests, Access::Write, t.rank});
}

} // namespace rankfold::mc::transitions
