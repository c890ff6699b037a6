// Family CompletionPick: MPI_Waitany/MPI_Waitsome return this request (or set of requests):
// it finishes them in the rank's request table and ends the rank's call.
#pragma once

#include "mc/search/Transition.hpp"
#include "mc/system/transitions/Footprint.hpp"

namespace rankfold::mc::transitions {

constexpr Footprint completion_pick_footprint(const Transition& t) {
    return Footprint{}
        .add({Resource::Requests, Access::Write, t.rank})
        .add({Resource::RankCall, Access::Write, t.rank});
}

} // namespace rankfold::mc::transitions
