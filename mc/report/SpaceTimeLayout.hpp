// Where the steps of a counterexample go in its space-time diagram (--html): one lane per rank,
// time left to right. A step's column is one past the previous step of its rank, and a match
// stands at least one column after the call that posted its message (a logical clock, as in
// Lamport's diagrams): steps of different ranks that do not depend on each other share columns,
// so a story of 500 steps on 16 ranks is some 60 columns wide, not 500.
//
// Pure: the SVG drawing (SpaceTimeSvg) and its tests read this, nothing here knows of HTML.
#pragma once

#include "mc/report/TraceFile.hpp"

#include <cstddef>
#include <vector>

namespace rankfold::mc {

struct SpaceTimeLayout {
    // A message from the call that posted it to the match that delivered it. `to` is -1 for a
    // message still waiting at the end of the story (a deadlock's unmatched send).
    struct Arrow {
        std::size_t from = 0;
        long to = -1;
        bool chosen = false; // the explorer chose this match (a wildcard receive's sender)
        int to_rank = -1;    // a message never delivered: the rank it was sent to
    };
    // The calls of one collective operation on its members' lanes (the k-th call of the same
    // name and communicator on each rank that makes it).
    struct Band {
        std::vector<std::size_t> steps;
    };

    int ranks = 0;
    std::vector<int> column; // per step
    int columns = 0;
    std::vector<Arrow> arrows;
    std::vector<Band> bands;
    // Per rank, its last step (-1 if it has none): where a blocked rank's marker goes.
    std::vector<long> last_step;
};

SpaceTimeLayout lay_out(const std::vector<TraceStep>& steps, int ranks);

// Which columns a drawing shows. Folded, a stretch of at least `min_run` columns in which
// nothing was chosen and no rank ended becomes one narrow column marked with how many it
// hides: a long deterministic prologue or a loop of fixed exchanges folds away, and what the
// explorer chose and where the ranks stopped stays in sight.
struct ColumnFolding {
    std::vector<int> shown; // per layout column: its column in the drawing, -1 if folded away
    int columns = 0;        // in the drawing
    struct Fold {
        int at = 0;     // the drawing column that stands for the stretch
        int hidden = 0; // layout columns it hides
    };
    std::vector<Fold> folds;
};
ColumnFolding no_folding(const SpaceTimeLayout& layout);
ColumnFolding fold_columns(const std::vector<TraceStep>& steps, const SpaceTimeLayout& layout,
                           int min_run = 4);

} // namespace rankfold::mc
