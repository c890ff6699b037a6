// The run as a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format), the format CI
// systems read to annotate source lines (e.g. GitHub code scanning): one result per violation
// and per warning, with the rule it breaks (ViolationRules), its location, the other places
// that matter (the other blocked ranks of a deadlock, the frames of a crash) and the
// counterexample as a code flow with one thread flow per rank.
#pragma once

#include "mc/report/Report.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace rankfold::mc {

// What the log says about the run itself.
struct SarifInvocation {
    std::vector<std::string> command_line; // argv, rankfold-run first
    int exit_status = 0;
    // Absolute. Sources below it are named relative to it (uriBaseId %SRCROOT%), so that the log
    // reads the same on every machine that checks out the repository there.
    std::string working_directory;
    std::string tool_version;
};

// The log as pretty-printed JSON ending in a newline. Never throws on odd input: bytes that
// are not UTF-8 (a path, a program argument) become U+FFFD.
std::string sarif_log(const RunResult& result, const SarifInvocation& invocation);
// Writes the log to `path` ("-" for `terminal_out`). Returns false on I/O error.
bool write_sarif_report(const std::string& path, const RunResult& result,
                        const SarifInvocation& invocation, FILE* terminal_out);

} // namespace rankfold::mc
