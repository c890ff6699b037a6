// Family ProbeReport: a blocking MPI_ANY_SOURCE probe reports the message of one sender. It
// reads the receiver's queue (the message stays there) and ends the rank's call.
#pragma once

#include "mc/search/Transition.hpp"
#include "mc/system/transitions/Footprint.hpp"

namespace rankfold::mc::transitions {

constexpr Footprint probe_report_footprint(const Transition& t) {
    return Footprint{}
        .add({Resource::MessageQueue, Access::Read, t.rank})
        .add({Resource::RankCall, Access::Write, t.rank});
}

} // namespace rankfold::mc::transitions
