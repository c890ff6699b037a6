// Runs the program once, from its start to its end or first violation, taking at every choice
// point the choice a ScheduleStrategy picks (--single-run, --seed).
//
// Within the bounds the search has too (--time-limit, --max-depth, --max-states), reported as
// the search reports them; and ending, as the search does, in a polling deadlock: when the run
// comes back to a poll-only state (PollLoopWatch), the region of polls around it is searched
// (PollRegionCheck), and if nothing but polling can happen there the run ends with the ranks
// still polling, which the deadlock monitor reports with their calls.
#pragma once

#include "mc/report/Report.hpp"
#include "mc/runtime/StateEquality.hpp"
#include "mc/search/Schedule.hpp"
#include "mc/system/MpiSystem.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rankfold::mc {

struct ScheduledRunOptions {
    double time_limit = 0;        // seconds from the start of the run; 0: none
    std::uint64_t max_depth = 0;  // choices taken; 0: none
    std::uint64_t max_states = 0; // choice points passed plus states the polling checks visit
    std::size_t memory_limit = 0; // bytes the polling checks' snapshots may hold; 0: none
    // How the polling checks capture and compare states (snapshots are enabled for them only
    // once a run polls long enough to be watched).
    bool page_sharing = true;
    StateEquality state_equality = StateEquality::Semantic;
};

// `taken` (if given) receives the choices the run took, in order: the path a trace file needs
// to replay a violation (one transition per choice point; the closure's steps are not kept).
RunResult run_schedule(MpiSystem& system, ScheduleStrategy& strategy,
                       const ScheduledRunOptions& options = {},
                       std::vector<Transition>* taken = nullptr);

// From the current (closed) state to the end of the path, without bounds or polling checks
// (the snapshot self-test, unit tests).
void finish_schedule(MpiSystem& system, ScheduleStrategy& strategy);

} // namespace rankfold::mc
