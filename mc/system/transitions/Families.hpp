// The transition families and what each touches: one file per family, gathered here.
#pragma once

#include "mc/system/transitions/CancelOutcome.hpp"
#include "mc/system/transitions/CompletionPick.hpp"
#include "mc/system/transitions/LandingDeferred.hpp"
#include "mc/system/transitions/LockGrant.hpp"
#include "mc/system/transitions/ProbeReport.hpp"
#include "mc/system/transitions/RemoteLanding.hpp"
#include "mc/system/transitions/SendBuffering.hpp"
#include "mc/system/transitions/TestOutcome.hpp"
#include "mc/system/transitions/WildcardMatch.hpp"

namespace rankfold::mc::transitions {

constexpr Footprint footprint(const Transition& t) {
    switch (t.kind) {
    case TransitionKind::WildcardMatch:
        return wildcard_match_footprint(t);
    case TransitionKind::ProbeReport:
        return probe_report_footprint(t);
    case TransitionKind::CompletionPick:
        return completion_pick_footprint(t);
    case TransitionKind::TestOutcome:
        return test_outcome_footprint(t);
    case TransitionKind::SendBuffering:
        return send_buffering_footprint(t);
    case TransitionKind::LockGrant:
        return lock_grant_footprint(t);
    case TransitionKind::RemoteLanding:
        return remote_landing_footprint(t);
    case TransitionKind::LandingDeferred:
        return landing_deferred_footprint(t);
    case TransitionKind::CancelOutcome:
        return cancel_outcome_footprint(t);
    }
    return Footprint{}.add({Resource::RankCall, Access::Write, t.rank});
}

} // namespace rankfold::mc::transitions
