#include "mc/cli/SnapshotSelfTest.hpp"

#include "mc/search/ScheduledRun.hpp"

#include <fmt/format.h>

#include <chrono>
#include <exception>
#include <string>
#include <vector>

namespace rankfold::mc {
namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// A snapshot and where the round-robin schedule stood then: resuming from it must take the
// same choices as the run that took it.
struct Point {
    SystemSnapshot snapshot;
    int last_rank = -1;
};

// Thrown by the step hook when a limit ends the first run: the hook runs between two steps,
// in the checker, so the run stops with nothing half done.
struct LimitReached final : std::exception {
    const char* what() const noexcept override { return "limit reached"; }
};

} // namespace

int check_snapshots(MpiSystem& system, OutputRouter& output, int ranks,
                    const SnapshotCheckLimits& limits, FILE* report) {
    std::vector<Point> points;
    double capture_ms = 0, restore_ms = 0;
    const auto begin = Clock::now();
    bool over_memory = false;
    std::uint64_t steps = 0;
    RoundRobinSchedule schedule;
    // A snapshot before every step of the run: inside the closure and at every choice point.
    system.set_step_hook([&] {
        const auto t = Clock::now();
        points.push_back({system.state()->capture(), schedule.last_rank});
        capture_ms += ms_since(t);
        over_memory = limits.memory_limit != 0 &&
                      system.state()->memory().store().stats().total_bytes() > limits.memory_limit;
        if (over_memory || ((++steps & 255u) == 0 && limits.time_limit > 0 &&
                            ms_since(begin) > limits.time_limit * 1000))
            throw LimitReached();
    });
    bool stopped = false;
    try {
        system.start();
        finish_schedule(system, schedule);
    } catch (const LimitReached&) {
        stopped = true;
    }
    system.set_step_hook({});
    if (stopped) {
        if (over_memory)
            fmt::print(report,
                       "rankfold: memory limit reached: the snapshot store holds {} KiB (limit {} "
                       "KiB) after {} snapshots, {} MPI calls; stopping (raise it with "
                       "--memory-limit)\n",
                       system.state()->memory().store().stats().total_bytes() >> 10,
                       limits.memory_limit >> 10, points.size(), system.result().stats.steps);
        else
            fmt::print(report,
                       "rankfold: time limit reached: the run did not end within --time-limit {} "
                       "({} snapshots, {} MPI calls); stopping: the self-test needs a run that "
                       "ends\n",
                       limits.time_limit, points.size(), system.result().stats.steps);
        return 3;
    }
    const SystemSnapshot end = system.state()->capture();
    std::vector<std::string> outputs;
    outputs.reserve(static_cast<std::size_t>(ranks));
    for (int r = 0; r < ranks; ++r) outputs.push_back(output.captured(r));

    int mismatches = 0;
    for (std::size_t k = 0; k < points.size(); ++k) {
        const auto t = Clock::now();
        system.state()->restore(points[k].snapshot);
        restore_ms += ms_since(t);
        schedule.last_rank = points[k].last_rank;
        system.close(); // a snapshot inside the closure: the rest of it first
        finish_schedule(system, schedule);
        const SystemSnapshot resumed = system.state()->capture();
        std::string why;
        if (resumed.fingerprint() != end.fingerprint())
            why = "the final state differs: " + system.state()->describe_difference(resumed, end);
        for (int r = 0; r < ranks && why.empty(); ++r)
            if (output.captured(r) != outputs[r]) why = fmt::format("rank {}'s output differs", r);
        if (!why.empty() && ++mismatches <= 10)
            fmt::print(report, "rankfold: snapshot {} of {}: resumed run differs: {}\n", k,
                       points.size(), why);
    }
    const auto stats = system.state()->memory().store().stats();
    fmt::print(report,
               "rankfold: snapshot check: {} snapshots, {} restored and resumed, {} differ; "
               "tracking {}; {:.3f} ms per capture, {:.3f} ms per restore; store holds {} "
               "distinct pages ({} KiB)\n",
               points.size(), points.size(), mismatches,
               snapshot::method_name(system.state()->memory().tracking()),
               points.empty() ? 0.0 : capture_ms / static_cast<double>(points.size()),
               points.empty() ? 0.0 : restore_ms / static_cast<double>(points.size()),
               stats.distinct_pages, stats.total_bytes() >> 10);
    for (int r = 0; r < ranks; ++r) std::fputs(outputs[r].c_str(), output.terminal_out());
    std::fflush(output.terminal_out());
    return mismatches == 0 ? 0 : 1;
}

} // namespace rankfold::mc
