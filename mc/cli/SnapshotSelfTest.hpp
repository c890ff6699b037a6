// rankfold-run --check-snapshots: the snapshot layer checked on a real program. One run
// captures the whole system at every scheduling point; then the run is restored to each of
// those snapshots in turn and continued to its end, and every continuation must end with the
// same output and the same exact state hash as the uninterrupted run.
#pragma once

#include "mc/runtime/OutputRouter.hpp"
#include "mc/system/MpiSystem.hpp"

#include <cstdio>

namespace rankfold::mc {

struct SnapshotCheckLimits {
    std::size_t memory_limit = 0; // bytes the snapshot store may hold; 0: none
    double time_limit = 0;        // seconds for the first, uninterrupted run; 0: none
};

// Returns the exit status: 0 when every resumed run matched, 1 otherwise, 3 when the first run
// was stopped by a limit (its snapshot store outgrew the memory limit, or it ran past the time
// limit: a run that never ends, a server loop or ranks polling forever, meets one of them).
int check_snapshots(MpiSystem& system, OutputRouter& output, int ranks,
                    const SnapshotCheckLimits& limits, FILE* report);

} // namespace rankfold::mc
