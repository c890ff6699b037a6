// --time-limit inside a closure. The limit is checked at choice points, but a closure can run
// without end and never reach one: ranks exchanging messages deterministically forever (a
// ping-pong loop with nothing to choose). While armed, the closure's step hook reads the clock
// every 256 steps and, past the deadline, throws ClosureTimeLimit out of the step. The hook
// runs between two steps, in the checker, so nothing is left half done; the search that catches
// it reports the limit and its counts so far, and must not run the system further on (beyond
// restoring a saved state).
#pragma once

#include "mc/system/MpiSystem.hpp"

#include <chrono>
#include <cstdint>
#include <exception>

namespace rankfold::mc {

struct ClosureTimeLimit final : std::exception {
    const char* what() const noexcept override { return "time limit reached inside a closure"; }
};

class ClosureDeadline {
public:
    using Clock = std::chrono::steady_clock;
    // `seconds` from `begin`; 0 arms nothing.
    ClosureDeadline(MpiSystem& system, double seconds, Clock::time_point begin) : system_(system) {
        if (seconds <= 0) return;
        const auto deadline = begin + std::chrono::duration_cast<Clock::duration>(
                                          std::chrono::duration<double>(seconds));
        system_.set_step_hook([this, deadline] {
            if ((++steps_ & 255u) == 0 && Clock::now() > deadline) throw ClosureTimeLimit();
        });
        armed_ = true;
    }
    ~ClosureDeadline() { disarm(); }
    ClosureDeadline(const ClosureDeadline&) = delete;
    ClosureDeadline& operator=(const ClosureDeadline&) = delete;

    // From here on the closure runs unbounded again (the counterexamples' replays, which run
    // paths already taken).
    void disarm() {
        if (armed_) system_.set_step_hook({});
        armed_ = false;
    }

private:
    MpiSystem& system_;
    std::uint64_t steps_ = 0;
    bool armed_ = false;
};

} // namespace rankfold::mc
