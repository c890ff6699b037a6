// rankfold-run --check-independence: the dependency relation the explorer's sleep sets rest on
// (mc/search/DependencyTable.hpp, MpiSearchSpace::dependent), checked on a real program.
//
// A bounded depth-first search of its own over the closed states of MpiSystem (at most
// `max_states` distinct states, each visited once) and, in every state, for every pair of
// open choices a, b the relation calls independent: a then b and b then a are both taken from
// a snapshot of that state. Each must leave the other enabled, and both orders must end in the
// same state (the exact state hash) with the same output of every rank. When the first step of
// an order ends in a violation, the other order must end in the same violation once it takes
// that step.
#pragma once

#include "mc/runtime/OutputRouter.hpp"
#include "mc/system/MpiSystem.hpp"

#include <cstdint>
#include <cstdio>

namespace rankfold::mc {

struct IndependenceCheckOptions {
    int ranks = 0;
    std::uint64_t max_states = 2000; // distinct states whose pairs are checked
    std::size_t memory_limit = 0;    // bytes the snapshot store may hold; 0: none
};

// Expects snapshots enabled and the system not started. Returns the exit status: 0 when no
// pair differs, 1 otherwise (a bound reached is said in the summary but is not a failure).
int check_independence(MpiSystem& system, OutputRouter& output,
                       const IndependenceCheckOptions& options, FILE* report);

} // namespace rankfold::mc
