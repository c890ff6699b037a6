#include "mc/cli/SearchOptions.hpp"

namespace rankfold::mc {

Backtrack backtrack_mode(const RunOptions& o) {
    if (o.reexecute) return Backtrack::Reexecute;
    if (o.restore) return Backtrack::Restore;
    return Backtrack::Auto;
}

ExplorerOptions explorer_options(const RunOptions& o) {
    ExplorerOptions eo;
    eo.state_matching = o.state_matching;
    eo.reduction = o.reduction;
    eo.source_sets = o.reduction && o.source_sets;
    eo.keep_going = o.keep_going;
    eo.max_depth = o.max_depth;
    eo.max_states = o.max_states; // used by a parallel search only (SearchLimits otherwise)
    eo.watch_cycles = o.check_termination || o.check_progress;
    return eo;
}

} // namespace rankfold::mc
