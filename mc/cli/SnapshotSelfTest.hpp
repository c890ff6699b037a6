// rankfold-run --check-snapshots: the snapshot layer checked on a real program. One run
// captures the whole system at every scheduling point; then the run is restored to each of
// those snapshots in turn and continued to its end, and every continuation must end with the
// same output and the same exact state hash as the uninterrupted run.
#pragma once

#include "mc/runtime/OutputRouter.hpp"
#include "mc/system/MpiSystem.hpp"

#include <cstdio>

namespace rankfold::mc {

// Returns the exit status: 0 when every resumed run matched, 1 otherwise, 3 when the snapshot
// store outgrew `memory_limit` bytes.
int check_snapshots(MpiSystem& system, OutputRouter& output, int ranks, std::size_t memory_limit,
                    FILE* report);

} // namespace rankfold::mc
