// What the checking process is doing, kept where the supervisor can read it after that process
// died: memory shared across the fork. Plain values only, written on every rank switch.
#pragma once

#include <cstdint>

namespace rankfold::mc {

struct CrashJournal {
    volatile int rank = -1;           // the rank running now, -1 in the checker
    volatile std::uint64_t steps = 0; // visible calls so far
};

// Points into shared memory under the supervisor, at a private instance otherwise.
extern CrashJournal* g_crash_journal;

} // namespace rankfold::mc
