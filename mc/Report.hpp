// The end of a run: verdict, violation, statistics — for people (text) and machines (JSON).
#pragma once

#include "mc/Violation.hpp"

#include <cstdio>
#include <optional>
#include <string>

namespace rankfold::mc {

struct RunStats {
    unsigned long long steps = 0; // visible calls executed
    unsigned long long matches = 0;
    unsigned long long executions = 0;
    double seconds = 0;
    long peak_rss_bytes = 0;
};

struct RunResult {
    std::optional<Violation> violation;
    RunStats stats;
};

void print_report(FILE* out, const RunResult& result, int ranks);
// Writes the JSON report to `path` ("-" for standard output). Returns false on I/O error.
bool write_json_report(const std::string& path, const RunResult& result, FILE* terminal_out);
// Peak resident set of this process, in bytes.
long peak_rss_bytes();

} // namespace rankfold::mc
