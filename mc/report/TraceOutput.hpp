// A violation's trace turned into what a person and a debugger need: its steps as lines (one
// per MPI call, match and choice, with file:line), the trace file and the exact command that
// replays it.
#pragma once

#include "mc/cli/RunOptions.hpp"
#include "mc/report/Report.hpp"
#include "mc/report/TraceFile.hpp"
#include "mc/runtime/ProgramImage.hpp"

#include <string>
#include <vector>

namespace rankfold::mc {

// Fills the step's location ("ring.c:12") and source (the full one) from its site.
void locate(TraceStep& step, const ProgramImage& image);
// "rank 1: MPI_Recv from rank 0, tag 0  (ring.c:12)"; locates the step first.
std::string step_line(TraceStep& step, const ProgramImage& image);
// The story as the report prints it: its last `shown` steps (a line says how many earlier ones
// are left out), a marker before a lasso's cycle; locates every step printed.
std::vector<std::string> story_lines(std::vector<TraceStep>& story, const ProgramImage& image,
                                     std::size_t shown = 200);
// The trace for `path` (with its story) as replay reads it.
Trace make_trace(const RunOptions& options, const Violation& violation,
                 const std::vector<Transition>& path, std::vector<TraceStep>& story,
                 const ProgramImage& image);
// Where the n-th violation's trace goes (n from 0): --trace-file, else PROGRAM.rankfold-trace.json
// in the current folder; later ones get .2, .3 ... before ".json".
std::string trace_path_for(const RunOptions& options, std::size_t n);
// "zero", "infinite" or "both": the --buffering a run was made with, as traces record it.
const char* buffering_name(const RunOptions& options);
// `s` as one word for a POSIX shell: as it is when that is safe, else in single quotes.
std::string shell_quote(const std::string& s);
// "rankfold-run --replay T -np N [--buffering B] ./app args", quoted for a POSIX shell.
std::string replay_command(const RunOptions& options, const std::string& trace_path);

} // namespace rankfold::mc
