// corpus_runner diff: correct programs' output under Rankfold compared with reference MPIs.
#pragma once

#include "corpus_header.hpp"
#include "runner_common.hpp"

#include <vector>

namespace corpus {

// Runs every all-ok program without RANKFOLD-NO-DIFF under `rankfold-run --single-run` and
// under MPICH, and compares their stdout; returns the exit status.
int diff(const Options& opt, const std::vector<Program>& programs);

} // namespace corpus
