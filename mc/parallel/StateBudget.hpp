// --max-states in a parallel search: one budget of distinct states shared by all workers (a
// worker's own count is only its part). Each worker counts the states its explorer was told are
// new (the owners' "fresh" answers: their sum over the workers is the distinct count) and tells
// the coordinator in chunks (a States message); the coordinator stops the search once the sum
// reaches the limit. A sequential search stops exactly at the limit; this one stops within a
// chunk per worker plus what the workers reach before the Stop arrives. The chunk shrinks with
// the limit (limit / (8 · workers), 1..256), so a small limit is kept closely.
#pragma once

#include <algorithm>
#include <cstdint>

namespace rankfold::mc::parallel {

class StateBudget {
public:
    StateBudget(std::uint64_t limit, int workers)
        : limit_(limit), chunk_(std::clamp<std::uint64_t>(
                             limit / (8 * static_cast<std::uint64_t>(workers)), 1, 256)) {}
    bool limited() const { return limit_ != 0; }
    std::uint64_t limit() const { return limit_; }

    // A worker whose explorer has counted `states` so far: how many to report now (0: none
    // due; `all`: every one not reported yet, when a unit of work ends).
    std::uint64_t due(std::uint64_t states, bool all) {
        const std::uint64_t unreported = states - reported_;
        if (!limited() || unreported == 0 || (!all && unreported < chunk_)) return 0;
        reported_ = states;
        return unreported;
    }

    // The coordinator: a worker's report; true once the sum has reached the limit.
    bool add(std::uint64_t states) {
        spent_ += states;
        return spent();
    }
    bool spent() const { return limited() && spent_ >= limit_; }

private:
    std::uint64_t limit_;
    std::uint64_t chunk_;
    std::uint64_t reported_ = 0; // a worker's: its states already told
    std::uint64_t spent_ = 0;    // the coordinator's: the states told by every worker
};

} // namespace rankfold::mc::parallel
