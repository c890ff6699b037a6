// Running the tools the corpus checks with: a child process in its own process group, its
// output captured, killed with its helpers on timeout.
#pragma once

#include "corpus_header.hpp"

#include <filesystem>
#include <string>

namespace corpus {

struct Outcome {
    bool timed_out = false;
    int exit_code = -1; // when the process exited
    int signal = 0;     // when a signal ended it
    std::string out, err;
    std::string status() const;
};

// Set from the command line: print commands instead of running them; seconds per process.
extern bool g_dry_run;
extern int g_timeout;

std::string slurp(const std::filesystem::path& p);
Strings lines_of(const std::string& text);
// The last lines of a tool's stderr (or stdout when stderr is empty), indented under a FAIL.
std::string tail(const Outcome& o, size_t count = 12);
// Runs argv in its own process group with stdin from /dev/null and stdout/stderr captured in
// `base`.out/.err. The whole group is killed on timeout, and afterwards in any case, so that
// helpers (rankfold-run's explorer, mpiexec's proxies) never outlive the run. `timeout`
// seconds, or g_timeout when 0.
Outcome run_process(const Strings& argv, const std::filesystem::path& base, int timeout = 0);

} // namespace corpus
