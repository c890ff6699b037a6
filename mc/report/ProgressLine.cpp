#include "mc/report/ProgressLine.hpp"

#include <fmt/format.h>
#include <unistd.h>

namespace rankfold::mc {

ProgressLine::ProgressLine(FILE* out)
    : out_(out), enabled_(out != nullptr && isatty(fileno(out)) != 0),
      start_(std::chrono::steady_clock::now()), last_(start_) {}

void ProgressLine::update(const ExplorerStats& s, std::size_t memory_bytes) {
    if (!enabled_ || (++calls_ & 255u) != 0) return;
    const auto now = std::chrono::steady_clock::now();
    const double total = std::chrono::duration<double>(now - start_).count();
    if (total < 1.0 || std::chrono::duration<double>(now - last_).count() < 0.5) return;
    last_ = now;
    fmt::print(out_,
               "\r\x1b[Krankfold: {} states ({:.0f}/s), {} transitions, {} executions, {} "
               "revisits, depth {}, {} MiB, {:.0f} s",
               s.states, static_cast<double>(s.states) / total, s.transitions, s.executions,
               s.revisits, s.max_depth, memory_bytes >> 20, total);
    std::fflush(out_);
    shown_ = true;
}

void ProgressLine::clear() {
    if (!shown_) return;
    fmt::print(out_, "\r\x1b[K");
    std::fflush(out_);
    shown_ = false;
}

} // namespace rankfold::mc
