// The space-time diagram of a counterexample as an SVG element for the HTML report: a lane per
// rank, a box per MPI call (its text and file:line on hover; a click shows them under the
// drawing), a dot per match, an arrow per message from the call that sent it to the match that
// delivered it (dashed into nowhere if it never was), a band across each collective, the
// explorer's choices in orange, blocked ranks and the violation in red.
//
// Folded (SpaceTimeLayout.hpp, fold_columns), stretches without a choice become one narrow
// column ("fold"), and what is in them is not drawn.
//
// Classes the report's tests read: "lane" (one per rank), "msg" (one per message; "pending" for
// one never delivered), "step" with "call" or "match" and "choice", "band", "blocked", "fold";
// the violation's marker has id IDS + "violation" (IDS keeps ids unique when a page holds
// several drawings).
#pragma once

#include "mc/report/TraceFile.hpp"
#include "mc/report/Violations.hpp"

#include <string>
#include <vector>

namespace rankfold::mc {

std::string space_time_svg(const std::vector<TraceStep>& steps, int ranks,
                           const Violation& violation, bool folded = false,
                           const std::string& ids = "");
// Whether folding would hide anything.
bool worth_folding(const std::vector<TraceStep>& steps, int ranks);

} // namespace rankfold::mc
