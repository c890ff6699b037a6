// How rankfold-run's options choose the search's machinery: the backtracking mode of the
// search space (--backtrack) and the explorer's options (state matching, reductions, depth,
// cycle checks). One place, so that the sequential and the parallel search are set up alike.
#pragma once

#include "mc/cli/RunOptions.hpp"
#include "mc/search/Backtracking.hpp"
#include "mc/search/Explorer.hpp"

namespace rankfold::mc {

// --backtrack auto|restore|reexecute.
Backtrack backtrack_mode(const RunOptions& options);

// The explorer's options. Their max_states is for a parallel search, whose workers share the
// budget (mc/parallel/StateBudget); a sequential search's LimitCheck (SearchLimits) keeps it.
ExplorerOptions explorer_options(const RunOptions& options);

} // namespace rankfold::mc
