// The end of a run: verdict, violation, statistics — for people (text) and machines (JSON).
#pragma once

#include "mc/report/TraceFile.hpp"
#include "mc/report/Violations.hpp"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::mc {

struct RunStats {
    unsigned long long steps = 0; // visible calls executed
    unsigned long long matches = 0;
    unsigned long long executions = 0;
    // Exploration only (ExplorerStats).
    unsigned long long states = 0;
    unsigned long long transitions = 0;
    unsigned long long revisits = 0;
    unsigned long long sleep_blocked = 0;
    unsigned long long max_depth = 0;
    std::size_t store_bytes = 0; // snapshot pages and visited states
    // That two visited states shared a 128-bit fingerprint, one then wrongly skipped
    // (ExplorerStats::fingerprint_collision_probability).
    double fingerprint_collision_probability = 0;
    double seconds = 0;
    double explore_seconds = 0; // the search alone, without loading the program
    long peak_rss_bytes = 0;
};

struct FoundViolation {
    Violation violation;
    std::vector<std::string> story; // the counterexample, one line per step (the last ones)
    std::vector<TraceStep> steps;   // all of it, located, for --html and --sarif; may be empty
    std::string trace_path;         // "" if none was written
    std::string replay_command;
    // Liveness: the counterexample is a lasso of these many choices before and in its cycle.
    bool lasso = false;
    std::size_t prefix_length = 0, cycle_length = 0;
};

// What a liveness check (--ltl, --never) checked, for the report.
struct LivenessSummary {
    std::string property;
    std::string fairness;                  // none|weak|strong
    std::vector<std::string> propositions; // how each was defined
    unsigned long long product_edges = 0;
    unsigned long long components = 0; // non-trivial strongly connected components checked
};

struct RunResult {
    std::vector<FoundViolation> violations;
    std::vector<Violation> warnings;         // distinct; e.g. leaks under --allow-leaks
    std::optional<std::string> limit;        // why the run stopped before the end
    bool explored = false;                   // an exhaustive exploration, not one schedule
    std::optional<LivenessSummary> liveness; // a liveness check: stats.states are product states
    RunStats stats;
    int exit_status() const { return !violations.empty() ? 1 : limit ? 3 : 0; }
};

void print_report(FILE* out, const RunResult& result, int ranks);
// "no violation in 55 states", "violation found", "limit reached (...): ...": the verdict
// line's first words.
std::string verdict_text(const RunResult& result);
// Writes the JSON report to `path` ("-" for standard output). Returns false on I/O error.
bool write_json_report(const std::string& path, const RunResult& result, FILE* terminal_out);
// Peak resident set of this process, in bytes.
long peak_rss_bytes();

} // namespace rankfold::mc
