// Family WildcardMatch: an MPI_ANY_SOURCE receive takes the oldest pending message of one
// sender (EXPLORATION.md §1). It consumes a message from the receiver's queue and completes
// the receive; the sender's send request it may complete only gains a "done" outcome. A held
// match (any receive and message one of which has a pending MPI_Cancel) is one too: it is the
// "matched normally" outcome against the cancel's (CancelOutcome.hpp).
#pragma once

#include "mc/search/Transition.hpp"
#include "mc/system/transitions/Footprint.hpp"

namespace rankfold::mc::transitions {

constexpr Footprint wildcard_match_footprint(const Transition& t) {
    return Footprint{}
        .add({Resource::MessageQueue, Access::Write, t.rank})
        .add({Resource::Requests, Access::Write, t.rank});
}

} // namespace rankfold::mc::transitions
