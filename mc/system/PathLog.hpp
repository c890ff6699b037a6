// What MpiSystem counts and, while asked to, writes down along a path: the visible calls
// issued, the matches made, and the steps of a counterexample's story (TraceStep, in order).
#pragma once

#include "mc/report/TraceFile.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace rankfold::mc {

// The functions that write go through `recording` (a pointer): clang-tidy would have them const.
// NOLINTBEGIN(readability-make-member-function-const)
struct PathLog {
    std::uint64_t steps = 0;   // visible calls issued
    std::uint64_t matches = 0; // messages matched to receives
    // While set, every issued call, match and choice is appended here.
    std::vector<TraceStep>* recording = nullptr;

    bool on() const { return recording != nullptr; }
    void note(int rank, const char* call, std::uintptr_t site, std::string detail) {
        if (recording == nullptr) return;
        TraceStep& step = recording->emplace_back();
        step.rank = rank;
        step.call = call;
        step.detail = std::move(detail);
        step.site = site;
    }
    // The step written last, if recording.
    TraceStep* last() {
        return recording != nullptr && !recording->empty() ? &recording->back() : nullptr;
    }
    // Adds to the detail of the step written last (how a choice went).
    void amend(const std::string& more, const char* separator = "") {
        if (recording == nullptr || recording->empty()) return;
        std::string& detail = recording->back().detail;
        detail += detail.empty() ? std::string() : std::string(separator);
        detail += more;
    }
};
// NOLINTEND(readability-make-member-function-const)

} // namespace rankfold::mc
