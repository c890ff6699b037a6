// The bounds a search stops at (--max-states, --memory-limit, --time-limit), checked at each new
// state: the state count every time, the snapshot store's size and the clock every 64 states
// (a clock read per state would cost more than some states do).
#pragma once

#include "mc/cli/RunOptions.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace rankfold::mc {

class SearchLimits {
public:
    // `count_states`: --max-states is this search's own (a parallel search's workers share it
    // instead: ExplorerOptions::max_states, mc/parallel/StateBudget).
    SearchLimits(const RunOptions& options, std::size_t memory_limit,
                 std::chrono::steady_clock::time_point begin, bool count_states = true)
        : options_(options), memory_limit_(memory_limit), begin_(begin),
          count_states_(count_states) {}

    // nullopt while within the bounds; else what stopped the search ("--max-states 10"), as
    // the report's `limit` says it.
    std::optional<std::string> reached(std::uint64_t states, std::size_t store_bytes);

private:
    const RunOptions& options_;
    std::size_t memory_limit_;
    std::chrono::steady_clock::time_point begin_;
    bool count_states_;
    std::size_t checks_ = 0;
};

} // namespace rankfold::mc
