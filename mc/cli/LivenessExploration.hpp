// rankfold-run --ltl / --never: the liveness check (ProductSearch over the MPI program), its
// lasso counterexample told as a story (the prefix, then the cycle that repeats), written as a
// trace that --replay runs, prefix then the cycle twice.
#pragma once

#include "mc/cli/LivenessProperty.hpp"
#include "mc/cli/RunOptions.hpp"
#include "mc/report/Report.hpp"
#include "mc/runtime/OutputRouter.hpp"
#include "mc/runtime/ProgramImage.hpp"
#include "mc/system/MpiSystem.hpp"

namespace rankfold::mc {

// Throws std::runtime_error with a message for the user when the property's propositions
// cannot be bound to the program.
RunResult explore_liveness(const RunOptions& options, const LivenessProperty& property,
                           MpiSystem& system, OutputRouter& output, const ProgramImage& image,
                           std::size_t memory_limit);

} // namespace rankfold::mc
