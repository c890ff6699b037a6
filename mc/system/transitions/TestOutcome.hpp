// Family TestOutcome: Test/Testany/Testsome/Testall/Iprobe/Win_test say "not yet" or one way of
// "done". It ends the rank's call, and "done" finishes requests of the rank's table (or, for
// Iprobe, reads the rank's queue; for MPI_Win_test, closes the rank's own exposure epoch, which
// only the rank's later calls read: the origins' MPI_Win_complete only enables "done").
#pragma once

#include "mc/search/Transition.hpp"
#include "mc/system/transitions/Footprint.hpp"

namespace rankfold::mc::transitions {

constexpr Footprint test_outcome_footprint(const Transition& t) {
    return Footprint{}
        .add({Resource::RankCall, Access::Write, t.rank})
        .add({Resource::Requests, Access::Write, t.rank})
        .add({Resource::MessageQueue, Access::Read, t.rank});
}

} // namespace rankfold::mc::transitions
