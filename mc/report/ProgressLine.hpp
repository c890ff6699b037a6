// The live progress line on a terminal: states, rates, depth and memory, redrawn twice a
// second once a run has taken more than a second. Silent when standard error is not a terminal.
#pragma once

#include "mc/search/Explorer.hpp"

#include <chrono>
#include <cstdio>

namespace rankfold::mc {

class ProgressLine {
public:
    explicit ProgressLine(FILE* out);
    ~ProgressLine() { clear(); }
    // Cheap enough to call at every state.
    void update(const ExplorerStats& stats, std::size_t memory_bytes);
    void clear();

private:
    FILE* out_;
    bool enabled_;
    bool shown_ = false;
    unsigned calls_ = 0;
    std::chrono::steady_clock::time_point start_, last_;
};

} // namespace rankfold::mc
