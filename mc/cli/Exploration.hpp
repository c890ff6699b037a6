// rankfold-run's default mode: explore every behaviour of the program (DESIGN.md §4), then
// report the verdict, the statistics and, for each violation, a counterexample with its trace
// file and the command that replays it. --replay runs one such trace.
#pragma once

#include "mc/cli/RunOptions.hpp"
#include "mc/report/Report.hpp"
#include "mc/runtime/OutputRouter.hpp"
#include "mc/runtime/ProgramImage.hpp"
#include "mc/system/MpiSystem.hpp"

#include <chrono>
#include <optional>
#include <vector>

namespace rankfold::mc {

class WorkerProcesses;
// `workers`: the processes of a parallel search (--jobs, --workers-mpi), or nullptr.
RunResult explore_program(const RunOptions& options, MpiSystem& system, OutputRouter& output,
                          const ProgramImage& image, std::size_t memory_limit,
                          WorkerProcesses* workers = nullptr);

// --check-termination and --check-progress: whether a cycle the search closed on its path
// (path[start, end) comes back to the state path[0, start) leads to; `progress`: one of its
// steps passed rankfold_progress()) is a violation, and which.
std::optional<Violation> cycle_violation(const RunOptions& options,
                                         const std::vector<Transition>& path, std::size_t start,
                                         bool progress);

// Writes `trace` to fv.trace_path and sets the replay command; on failure says why on the report
// stream and clears the path. Copies the trace's located steps into fv.steps.
void attach_trace(FoundViolation& fv, const Trace& trace, const RunOptions& options,
                  OutputRouter& output);

// Prints what each rank printed (with --label, each line prefixed by its rank).
// The result of a search whose closure before the first choice point ran past --time-limit
// (ClosureDeadline): no state was reached; the MPI calls made are counted.
RunResult stopped_before_first_choice(const RunOptions& options, MpiSystem& system,
                                      std::chrono::steady_clock::time_point begin);
void print_rank_output(OutputRouter& output, const std::vector<std::string>& per_rank, bool label);

// Returns the exit status; prints errors about the trace itself (exit status 2).
int replay_trace(const RunOptions& options, MpiSystem& system, OutputRouter& output,
                 const ProgramImage& image, RunResult& result);

} // namespace rankfold::mc
