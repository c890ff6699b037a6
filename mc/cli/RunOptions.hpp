// Everything a run of rankfold-run is asked to do, as parsed from its command line.
#pragma once

#include "mc/runtime/StateEquality.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::mc {

struct RunOptions {
    int ranks = 0;
    std::string program;
    std::vector<std::string> arguments;
    mpi::Buffering buffering = mpi::Buffering::Zero;
    bool single_run = false;
    std::optional<std::uint64_t> seed; // random schedule instead of round-robin
    bool label = false;
    std::string json_path;
    std::string html_path; // the report as a page with the counterexample's diagram
    std::string sarif_path;
    std::vector<std::string> command_line; // argv as given: the SARIF log records the invocation
    std::size_t stack_size = std::size_t{8} << 20;
    std::size_t heap_size = std::size_t{1} << 30;
    bool fork = true;               // run under a supervisor process
    unsigned watchdog_seconds = 10; // CPU seconds a rank may run without a visible call
    bool page_sharing = true;       // --no-page-sharing stores full copies (to measure the saving)
    StateEquality state_equality = StateEquality::Semantic; // --state-equality
    std::size_t memory_limit = 0; // bytes the snapshot store may hold; 0: 3/4 of physical memory
    bool check_snapshots = false; // --check-snapshots: the snapshot self-test
    // --check-independence: the dependency relation's self-test (IndependenceSelfTest.hpp)
    bool check_independence = false;
    // Exploration (the default mode).
    bool both_buffering = false;             // --buffering both: each standard send is a choice
    bool state_matching = true;              // --no-state-matching
    bool reduction = true;                   // --no-reduction
    bool source_sets = false;                // --reduction source
    bool keep_going = false;                 // report every distinct violation, not only the first
    bool shortest = false;                   // search breadth-first for the shortest counterexample
    bool allow_leaks = false;                // --allow-leaks: leaks at MPI_Finalize are warnings
    bool strict = false;                     // --strict: hazards are violations, not warnings
    bool races = true;                       // --no-races: no memory-access checks
    std::vector<std::string> contract_files; // --contracts FILE (repeatable)
    std::string contracts_predefined = "all"; // --contracts-predefined none|mpi|shmem|all
    std::uint64_t max_states = 0;             // 0: no limit
    std::uint64_t max_depth = 0;
    double time_limit = 0;   // seconds; 0: none
    std::string trace_path;  // where counterexample traces go ("" : next to the program)
    std::string replay_path; // --replay TRACE: run that one execution
    bool reexecute = false;  // --backtrack reexecute: no snapshot but the initial one
    bool restore = false;    // --backtrack restore: a snapshot of every saved state
                             // (neither: auto, decided per saved state)
    // Parallel search (mc/parallel): --jobs K forks K workers on this machine; --workers-mpi
    // makes each process mpiexec started one worker, talking through MPICH.
    int jobs = 1;
    bool workers_mpi = false;
    bool parallel() const { return jobs > 1 || workers_mpi; }
    // Cycles the search closes on its path: any (--check-termination), or one that never
    // passes rankfold_progress() (--check-progress).
    bool check_termination = false;
    bool check_progress = false;
    // Liveness (LTL / never claims): the property, its propositions, the fairness assumed.
    std::string ltl;                       // --ltl FORMULA
    std::string never_path;                // --never FILE
    std::vector<std::string> propositions; // --prop NAME=EXPR, as given
    std::string fairness = "none";         // none|weak|strong
    bool liveness() const { return !ltl.empty() || !never_path.empty(); }
    bool explore() const {
        return !single_run && !seed && !check_snapshots && !check_independence &&
               replay_path.empty();
    }
};

// Parses argv. On --help/--version or an error, prints and returns the exit status to use.
struct ParsedCommandLine {
    std::optional<RunOptions> options;
    int exit_status = 0;
};
ParsedCommandLine parse_command_line(int argc, char** argv);

} // namespace rankfold::mc
