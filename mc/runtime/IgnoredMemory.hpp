// Memory a program leaves out of its state (<rankfold.h>: rankfold_ignore(address, size), and
// the globals it marks RANKFOLD_IGNORE, which the linker gathers in the section
// "rankfold_ignored"): statistics counters and the like, which would otherwise make every
// iteration of a loop a new state. Kept by the checker, outside the program's state, and never
// undone: a mark applies to every capture after it, on every path (mark before the first
// choice, as the program does on every path). SystemMemory applies the marks to its regions.
#pragma once

#include <cstddef>
#include <vector>

namespace rankfold::mc {

struct IgnoredRange {
    int rank = 0;
    const void* address = nullptr;
    std::size_t size = 0;
};

class IgnoredMemory {
public:
    static IgnoredMemory& instance();
    void add(int rank, const void* address, std::size_t size) {
        ranges_.push_back({rank, address, size});
    }
    // Every mark so far, in order (SystemMemory applies those past the ones it has seen).
    const std::vector<IgnoredRange>& all() const { return ranges_; }

private:
    std::vector<IgnoredRange> ranges_;
};

} // namespace rankfold::mc
