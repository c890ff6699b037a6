#include "mc/cli/SnapshotSelfTest.hpp"

#include <fmt/format.h>

#include <chrono>
#include <string>
#include <vector>

namespace rankfold::mc {
namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

} // namespace

int check_snapshots(Scheduler& scheduler, OutputRouter& output, int ranks, std::size_t memory_limit,
                    FILE* report) {
    std::vector<SystemSnapshot> snapshots;
    double capture_ms = 0, restore_ms = 0;
    scheduler.start();
    const bool finished = scheduler.advance([&] {
        const auto t = Clock::now();
        snapshots.push_back(scheduler.capture());
        capture_ms += ms_since(t);
        return scheduler.memory()->store().stats().total_bytes() <= memory_limit;
    });
    if (!finished) {
        fmt::print(report,
                   "rankfold: memory limit reached: the snapshot store holds {} KiB (limit {} "
                   "KiB) after {} snapshots, {} MPI calls; stopping (raise it with "
                   "--memory-limit)\n",
                   scheduler.memory()->store().stats().total_bytes() >> 10, memory_limit >> 10,
                   snapshots.size(), scheduler.result().stats.steps);
        return 3;
    }
    const SystemSnapshot end = scheduler.capture();
    std::vector<std::string> outputs;
    outputs.reserve(static_cast<std::size_t>(ranks));
    for (int r = 0; r < ranks; ++r) outputs.push_back(output.captured(r));

    int mismatches = 0;
    for (std::size_t k = 0; k < snapshots.size(); ++k) {
        const auto t = Clock::now();
        scheduler.restore(snapshots[k]);
        restore_ms += ms_since(t);
        scheduler.advance();
        const SystemSnapshot resumed = scheduler.capture();
        std::string why;
        if (resumed.hash != end.hash) {
            why = "the final state differs (exact state hash)";
            if (resumed.world != end.world) why += ": MPI state";
            for (std::size_t g = 0; g < end.memory.region_count(); ++g) {
                std::vector<std::size_t> differ;
                resumed.memory.pages(g).for_each_difference(
                    end.memory.pages(g), [&](std::size_t i) { differ.push_back(i); });
                if (resumed.memory.used(g) != end.memory.used(g) || !differ.empty())
                    why +=
                        fmt::format(": memory region {} (used {} vs {}, {} pages differ, first {})",
                                    g, resumed.memory.used(g), end.memory.used(g), differ.size(),
                                    differ.empty() ? -1 : static_cast<long>(differ[0]));
            }
        }
        for (int r = 0; r < ranks && why.empty(); ++r)
            if (output.captured(r) != outputs[r]) why = fmt::format("rank {}'s output differs", r);
        if (!why.empty() && ++mismatches <= 10)
            fmt::print(report, "rankfold: snapshot {} of {}: resumed run differs: {}\n", k,
                       snapshots.size(), why);
    }
    const auto stats = scheduler.memory()->store().stats();
    fmt::print(report,
               "rankfold: snapshot check: {} snapshots, {} restored and resumed, {} differ; "
               "tracking {}; {:.3f} ms per capture, {:.3f} ms per restore; store holds {} "
               "distinct pages ({} KiB)\n",
               snapshots.size(), snapshots.size(), mismatches,
               snapshot::method_name(scheduler.memory()->tracking()),
               snapshots.empty() ? 0.0 : capture_ms / static_cast<double>(snapshots.size()),
               snapshots.empty() ? 0.0 : restore_ms / static_cast<double>(snapshots.size()),
               stats.distinct_pages, stats.total_bytes() >> 10);
    for (int r = 0; r < ranks; ++r) std::fputs(outputs[r].c_str(), output.terminal_out());
    std::fflush(output.terminal_out());
    return mismatches == 0 ? 0 : 1;
}

} // namespace rankfold::mc
