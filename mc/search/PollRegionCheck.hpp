// The single run's judgement of a polling loop (--single-run, --seed): whether the ranks, every
// one of them only polling with tests that answer "not yet", can ever do anything else.
//
// One run sees one interleaving of the polls, and a cycle of it proves nothing alone: in
// another order a poll may find a message the run's order never leaves in place (a rank that
// sends between polls while the receiver is, in the run, always in the other phase of its
// loop). So when the run comes back to a poll-only state, everything reachable from it is
// searched, as the explorer's PollRegions would: if all of it is poll-only (and finite: it is
// searched with state matching), nothing but polling can ever happen again, the polling
// deadlock the search reports; if some state there is not poll-only (a "done" answer, a final
// state, a violation), the region is left on some run, and the single run reports nothing.
//
// The search is bounded by `within` (time, states, memory): a region with a counter somewhere
// is endless, as it is for the explorer, and ends Unknown.
#pragma once

#include "mc/search/SearchSpace.hpp"

#include <cstdint>
#include <functional>

namespace rankfold::mc {

enum class PollRegionVerdict : std::uint8_t {
    Stuck,   // every state reachable from the start is poll-only: a polling deadlock
    Escapes, // some reachable state is not poll-only
    Unknown, // `within` said stop first
};

// From the current state of `space`, which must be poll-only (SearchSpace::only_polls). Only
// enabled, execute, violated, only_polls, fingerprint, save, restore and discard are used.
// `within(states)` is asked at each new state with the number seen so far. The current state
// is unspecified afterwards: the caller restores what it saved.
PollRegionVerdict check_poll_region(SearchSpace& space,
                                    const std::function<bool(std::uint64_t states)>& within);

} // namespace rankfold::mc
