// Family SendBuffering (--buffering both): a standard-mode send is buffered, or waits for its
// match. Either way the message is posted to the destination the same, which only adds a
// message there (enabling a match, never disabling one); what differs is when the sender's own
// request completes.
#pragma once

#include "mc/search/Transition.hpp"
#include "mc/system/transitions/Footprint.hpp"

namespace rankfold::mc::transitions {

constexpr Footprint send_buffering_footprint(const Transition& t) {
    return Footprint{}
        .add({Resource::RankCall, Access::Write, t.rank})
        .add({Resource::Requests, Access::Write, t.rank});
}

} // namespace rankfold::mc::transitions
