// What --backtrack auto weighs when the search saves a state it will come back to: keeping a
// snapshot of it (completing its capture now, EXPLORATION.md §3) against taking the path from
// the last snapshot again when it is needed. Both costs are measured while the search runs
// (moving averages of the time one capture takes and of the time one replayed transition
// takes), because they differ by orders of magnitude between programs: with state matching
// the capture is mostly done already (the fingerprint hashed it) and a snapshot is cheap; without
// it, a capture copies every page a rank touched, while the closure between two choices may be
// a handful of MPI calls.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rankfold::mc {

class BacktrackCost {
public:
    // The first estimate of a capture: the initial state's full capture (an upper bound of the
    // later incremental ones), until captures are measured.
    explicit BacktrackCost(std::uint64_t first_capture_ns) : capture_ns_(first_capture_ns) {}

    // Whether a state `steps` transitions after the last snapshot is kept as a snapshot.
    // Every 32nd decision that would replay takes a snapshot instead, so that a first estimate
    // that was too high is measured again.
    //
    // A replay costs more than its steps, and the difference is counted as a second replay
    // (kReplayWeight): going back restores the older snapshot, which differs from the memory
    // in more pages (fan-in: 30 pages a restore when replaying, 14 when every state is a
    // snapshot), and the states saved below this one replay from that older snapshot too,
    // over longer paths. Measured (explore seconds, least of 6 to 20 runs; weight 1 / 2 / 3):
    // fan-in 7 senders without state matching 0.0485 / 0.0397 / 0.0400, its 2-round form
    // 0.143 / 0.114 / 0.107, ring kernel 20 1.04 / 0.97 / 0.96, client/server 20 1.20 / 1.19 /
    // 1.20 (and 0.073 / 0.070 / 0.075 without state matching), wildcard pairs 0.213 / 0.213 /
    // 0.225. Every count is the same: only the time changes.
    static constexpr double kReplayWeight = 2;
    bool snapshot(std::size_t steps) {
        if (steps == 0) return false; // the last snapshot is the state itself
        if (static_cast<double>(steps) * step_ns_ * kReplayWeight >= capture_ns_) return true;
        return ++replays_chosen_ % 32 == 0;
    }
    void captured(std::uint64_t ns) {
        average(capture_ns_, static_cast<double>(ns), captures_measured_);
    }
    void replayed(std::size_t steps, std::uint64_t ns) {
        if (steps > 0)
            average(step_ns_, static_cast<double>(ns) / static_cast<double>(steps),
                    steps_measured_);
    }

    double capture_ns() const { return capture_ns_; }
    double step_ns() const { return step_ns_; }

private:
    // The first measurement replaces the estimate; later ones move it by an eighth.
    static void average(double& into, double sample, bool& measured) {
        into = measured ? into + (sample - into) / 8 : sample;
        measured = true;
    }

    double capture_ns_;
    double step_ns_ = 0; // unknown until the first replay: replaying is tried first
    bool captures_measured_ = false;
    bool steps_measured_ = false;
    std::uint64_t replays_chosen_ = 0;
};

} // namespace rankfold::mc
