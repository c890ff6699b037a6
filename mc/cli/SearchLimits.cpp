#include "mc/cli/SearchLimits.hpp"

#include <fmt/format.h>

namespace rankfold::mc {

std::optional<std::string> SearchLimits::reached(std::uint64_t states, std::size_t store_bytes) {
    if (count_states_ && options_.max_states != 0 && states >= options_.max_states)
        return fmt::format("--max-states {}", options_.max_states);
    if ((++checks_ & 63u) != 0) return std::nullopt;
    if (store_bytes > memory_limit_)
        return fmt::format("--memory-limit: the snapshot store holds {} MiB", store_bytes >> 20);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin_).count();
    if (options_.time_limit > 0 && seconds > options_.time_limit)
        return fmt::format("--time-limit {}", options_.time_limit);
    return std::nullopt;
}

} // namespace rankfold::mc
