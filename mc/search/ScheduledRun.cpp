#include "mc/search/ScheduledRun.hpp"

#include <chrono>

namespace rankfold::mc {

void finish_schedule(MpiSystem& system, ScheduleStrategy& strategy) {
    std::vector<Transition> open;
    for (;;) {
        system.choices(open);
        if (open.empty()) break;
        system.take(open[strategy.pick(open)]);
    }
    system.end_state();
    system.runtime().collect_all_output();
}

RunResult run_schedule(MpiSystem& system, ScheduleStrategy& strategy) {
    const auto begin = std::chrono::steady_clock::now();
    system.start();
    finish_schedule(system, strategy);
    RunResult result = system.result();
    result.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    result.stats.peak_rss_bytes = peak_rss_bytes();
    return result;
}

} // namespace rankfold::mc
