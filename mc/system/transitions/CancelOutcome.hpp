// Family CancelOutcome: a pending MPI_Cancel succeeds (MPI 4.0 §3.8.4), taking back an
// operation no partner has matched: it completes the owner's request as cancelled and takes
// the send's message out of the receiver's queue (or the receive out of the owner's own).
// The other outcome, "matched normally", is a held match (a WildcardMatch transition listed
// for the receive), which writes the same queue: the two conflict through it, and so does the
// cancel with every other choice of the receiver that reads or takes from its queue (a
// wildcard match, an Iprobe, a probe).
#pragma once

#include "mc/search/Transition.hpp"
#include "mc/system/transitions/Footprint.hpp"

namespace rankfold::mc::transitions {

constexpr Footprint cancel_outcome_footprint(const Transition& t) {
    return Footprint{}
        .add({Resource::Requests, Access::Write, t.rank})
        .add({Resource::MessageQueue, Access::Write, t.outcome});
}

} // namespace rankfold::mc::transitions
