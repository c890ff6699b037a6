// The labelled-program header: what a corpus program says about itself.
//
//   /* Title: one sentence.
//    * One to three lines on what it does (and, for a bugged program, what the bug is).
//    *
//    * RANKFOLD-RUN: <rankfold-run options> [-- <program args>] => <verdict> [<stat>=<n> ...]
//      (`%S` in an option stands for the program's folder, e.g. --contracts %S/lib.contracts)
//    * RANKFOLD-CFLAGS: <extra compiler options> (optional)
//    * RANKFOLD-NO-DIFF: <why its output cannot be compared with MPICH's>
//    * RANKFOLD-EXPECTED-OUTPUT: <file> (%S: the program's folder) the output to compare with
//      instead of MPICH's, for programs no reference implementation here can run
//    */
//
// A line of the program that ends with `/* ERROR */` is where a violation must be reported.
// `<stat>=<n>` pins a count of the JSON report's `stats` exactly, e.g. `=> ok executions=6`.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace corpus {

using Strings = std::vector<std::string>;

// Verdicts a RUN line may expect: "ok", "limit" (a --max-* or --time-limit bound was reached
// first, exit status 3) or the kind of the first violation; a usage violation is written with
// its sub-kind, `usage:<subkind>` (e.g. `usage:type-mismatch`); so are races and the heap
// errors of the access checks (`race:local-buffer`, `heap-error:out-of-bounds`) and the cycle
// that never passes a progress mark (`non-progress:cycle`, --check-progress).
inline const std::set<std::string> kVerdicts = {
    "ok",        "limit",      "deadlock",     "crash",    "assertion", "abort",          "exit",
    "mpi-error", "heap-error", "non-progress", "contract", "liveness",  "non-termination"};
// Kinds whose violations may carry a sub-kind, written `kind:subkind`.
inline const std::set<std::string> kKindsWithSubkind = {"usage", "race", "heap-error",
                                                        "non-progress"};

// Report stats a RUN line may pin with `key=value` after its verdict.
inline const std::set<std::string> kStatKeys = {
    "states",        "transitions", "executions",          "revisits",
    "sleep_blocked", "warnings",    "counterexample_steps"};

struct RunLine {
    int line = 0;    // where it is written, for messages
    Strings options; // passed to rankfold-run as written
    Strings args;    // program arguments (after `--`)
    std::string verdict;
    std::map<std::string, std::uint64_t> stats; // expected exact counts, by kStatKeys name
    int np = 0;
    bool expects_violation() const { return verdict != "ok" && verdict != "limit"; }
    std::string text() const; // "-np 2 -- 300 => ok executions=2", as in the header
};

// Fills `run` from the text after "RANKFOLD-RUN:"; returns a problem, or "" when well formed.
std::string parse_run(const std::string& text, RunLine& run);

struct Program {
    std::filesystem::path src;
    std::string name; // e.g. "programs/ring": the label in reports and the path under --work
    std::vector<RunLine> runs;
    std::set<int> error_lines; // lines carrying /* ERROR */
    std::optional<std::string> no_diff;
    // RANKFOLD-EXPECTED-OUTPUT: a file holding the output the program must print, the oracle
    // where no reference implementation can run it (OpenSHMEM programs).
    std::optional<std::filesystem::path> expected_output;
    Strings cflags;    // RANKFOLD-CFLAGS: extra compiler options (e.g. -finstrument-functions)
    std::string error; // "file:line: problem" when the header is malformed
    bool all_ok() const;
};

// Parses the header of `src`; a malformed header sets Program::error instead of throwing.
Program parse_program(const std::filesystem::path& src, std::string name);

// Programs (*.c, *.cpp, *.cc) named directly or found under the given directories, in a stable
// order. Names are relative to each directory's parent, so tests/programs/ring.c and
// examples/ring.c stay apart as "programs/ring" and "examples/ring".
std::vector<Program> collect_programs(const Strings& paths, std::string& error);

std::string join(const Strings& words, const std::string& sep = " ");

} // namespace corpus
