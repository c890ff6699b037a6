// Progress marks (<rankfold.h>: rankfold_progress()), like Spin's progress labels: a program
// says where it gets something done, and --check-progress reports a cycle of states that never
// passes one (a token passed round for ever, a retry loop that never succeeds). The count is
// the checker's, outside the program's state: it only goes up, restores do not roll it back,
// so the explorer can tell whether a transition passed a mark by reading it before and after.
#pragma once

#include <cstdint>

namespace rankfold::mc {

class ProgressMarks {
public:
    static std::uint64_t passed() { return passed_; }
    static void pass() { ++passed_; }

private:
    static inline std::uint64_t passed_ = 0;
};

} // namespace rankfold::mc
