// Which worker an idle one asks for work, and how long it waits after a round of refusals.
// Victims in turn from the next worker on (so that two idle workers do not ask the same one
// first); after every worker has said no, the wait doubles from 1 ms up to 16 ms, and a
// success starts over. The victim's side is Explorer::donate.
#pragma once

#include <algorithm>
#include <cstdint>

namespace rankfold::mc::parallel {

struct StealCounters {
    std::uint64_t requests = 0; // Steal messages sent
    std::uint64_t received = 0; // subtrees received
    std::uint64_t given = 0;    // subtrees given away
    std::uint64_t refused = 0;  // requests answered with nothing
    double idle_seconds = 0;    // time spent without work
};

class StealProtocol {
public:
    StealProtocol(int self, int workers) : self_(self), workers_(workers), next_(self) {}
    int next_victim() {
        next_ = (next_ + 1) % workers_;
        if (next_ == self_) next_ = (next_ + 1) % workers_;
        ++asked_in_round_;
        return next_;
    }
    // The answer was nothing: milliseconds to wait before the next request (0: ask at once).
    int refused() {
        ++counters.refused;
        if (asked_in_round_ < workers_ - 1) return 0;
        asked_in_round_ = 0;
        const int wait = backoff_ms_;
        backoff_ms_ = std::min(backoff_ms_ * 2, 16);
        return wait;
    }
    void succeeded() {
        ++counters.received;
        asked_in_round_ = 0;
        backoff_ms_ = 1;
    }
    StealCounters counters;

private:
    int self_;
    int workers_;
    int next_;
    int asked_in_round_ = 0;
    int backoff_ms_ = 1;
};

} // namespace rankfold::mc::parallel
