// --jobs K and --workers-mpi: explore_program's search spread over worker processes
// (mc/parallel/ParallelWorker). This is the MPI side of it: the workers' processes (forked
// before the program is loaded, so that each loads its own copy: the ranks' memory is a shared
// mapping that a fork would share, and dirty tracking's registrations do not survive one; or
// started by mpiexec), and what each worker reports beyond its counts (the MpiSystem's steps,
// matches and warnings). Worker 0 replays the violations found (Exploration.cpp), so that its
// report and trace are a sequential run's.
#pragma once

#include "mc/cli/RunOptions.hpp"
#include "mc/report/Report.hpp"
#include "mc/runtime/OutputRouter.hpp"
#include "mc/search/Explorer.hpp"
#include "mc/search/MpiSearchSpace.hpp"
#include "mc/system/SystemState.hpp"

#include <memory>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace rankfold::mc {

namespace parallel {
class Transport;
}

class WorkerProcesses {
public:
    // --jobs K: forks K-1 workers, each of which returns from here with its own number;
    // --workers-mpi: starts the bridge into the MPI job. nullptr for a sequential search.
    static std::unique_ptr<WorkerProcesses> start(const RunOptions& options);
    ~WorkerProcesses();
    WorkerProcesses(const WorkerProcesses&) = delete;
    WorkerProcesses& operator=(const WorkerProcesses&) = delete;
    parallel::Transport& transport() { return *transport_; }
    int self() const;
    // Worker 0, after the search: the others' processes have ended.
    void finish();

private:
    WorkerProcesses() = default;
    std::unique_ptr<parallel::Transport> transport_;
    std::vector<pid_t> children_;
    bool bridge_ = false;
    bool finished_ = false; // finish() was called: the search ended as it should
};

struct ParallelSearchOutcome {
    ExplorerStats stats;
    SearchEnd end = SearchEnd::Exhausted;
    std::optional<std::string> limit; // "--max-states N" when the shared budget ended it
    // Each a violation's path, and its kind (replaying the path ends it as the search did).
    std::vector<std::pair<ViolationKind, std::vector<Transition>>> found;
    unsigned long long steps = 0, matches = 0; // of the other workers (worker 0's are its own)
    std::vector<Violation> warnings;           // of the other workers
    std::string summary; // workers, steals, messages: one line for RANKFOLD_PARALLEL_STATS
};

// Returns in worker 0 only: the other workers' processes end inside. The system must be at its
// initial state, `space` over it.
ParallelSearchOutcome search_in_parallel(const RunOptions& o, WorkerProcesses& workers,
                                         MpiSystem& system, MpiSearchSpace& space,
                                         const ExplorerOptions& eo,
                                         const Explorer::LimitCheck& within_limits);

// The violations the workers found, each as its path shows it when taken again here from
// `initial` (a worker's path ends in the violation it found there, or replaying it throws); the
// same finding found by several workers once.
std::vector<std::pair<Violation, std::vector<Transition>>>
replay_found(const std::vector<std::pair<ViolationKind, std::vector<Transition>>>& paths,
             MpiSystem& system, SystemState& state, const SystemSnapshot& initial);

// Adds the other workers' steps, matches and warnings to worker 0's result; with
// RANKFOLD_PARALLEL_STATS set, prints the search's summary line on the report stream.
void add_other_workers(const ParallelSearchOutcome& outcome, RunResult& result,
                       OutputRouter& output);

} // namespace rankfold::mc
