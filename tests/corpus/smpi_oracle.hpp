// SimGrid's SMPI as a reference MPI for the differential test: a corpus program is built with
// smpicc/smpicxx and run by smpirun on a small simulated cluster, all ranks in one process.
// SMPI is an implementation independent of MPICH (and of Rankfold), so an output on which the
// three agree is unlikely to be a shared mistake.
#pragma once

#include "corpus_header.hpp"

#include <filesystem>
#include <string>

namespace corpus {

struct SmpiTools {
    std::string cc, cxx, run; // smpicc, smpicxx, smpirun; all empty when SMPI is not installed
    std::filesystem::path platform, tmp; // written by prepare_smpi
    bool installed() const { return !run.empty(); }
};

// Writes, under `work`, the platform file smpirun requires and a folder for its temporary
// copies of the program.
void prepare_smpi(SmpiTools& smpi, const std::filesystem::path& work);

// One program under SMPI: either its stdout, or why it cannot be compared.
struct SmpiRun {
    std::string command;  // the smpirun command line, for messages
    std::string out;      // the program's stdout without SMPI's own lines
    std::string skip_why; // "" when it ran; else a short reason the summary groups by
    std::string detail;   // the evidence for skip_why: compiler error, assertion message, ...
    bool skipped() const { return !skip_why.empty(); }
};

// Builds `p` with smpicc/smpicxx as `bin`.smpi and runs it with smpirun as RUN line `r` says
// (its -np and program arguments).
SmpiRun run_smpi(const SmpiTools& smpi, const Program& p, const RunLine& r,
                 const std::filesystem::path& bin);

} // namespace corpus
