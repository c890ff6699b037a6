// corpus_runner sarif: the corpus's violations as SARIF logs, their content checked; the logs
// stay under the work folder for the schema check (validate_sarif.py, ctest corpus-sarif-schema).
#pragma once

#include "corpus_header.hpp"
#include "runner_common.hpp"

#include <vector>

namespace corpus {

// Runs every RUN line that expects a violation with `--sarif`: the search, the replay of its
// trace and, once per program, --single-run. Requires the expected rule at a line marked
// /* ERROR */ and the trace's steps as the code flow, its choices marked essential; leaves the logs
// as WORK/**/*.sarif (those of an earlier run are removed first). Returns the exit status.
int sarif(const Options& opt, const std::vector<Program>& programs);

} // namespace corpus
