// What the modes of corpus_runner (check, diff) share: the command line, the tally of results
// and compiling a corpus program.
#pragma once

#include "corpus_header.hpp"

#include <filesystem>
#include <string>

namespace corpus {

struct Options {
    std::string mode, cc, cxx, run, mpicc, mpicxx, mpiexec, work;
    std::string smpicc, smpicxx, smpirun; // optional: SMPI is compared only when all are given
    int timeout = 60;
    bool dry_run = false;
    Strings paths;
};

// Counts results and prints one line per result.
struct Tally {
    int passed = 0, failed = 0;
    void pass(const std::string& label);
    void fail(const std::string& label, const std::string& reason);
    // Prints the closing "N passed, N failed" line; returns the exit status.
    int finish() const;
};

// Compiles `p` with `compiler -O1 -o out src`; returns "" or why it failed.
std::string compile(const std::string& compiler, const Program& p,
                    const std::filesystem::path& out);

// rankfold-cc for C sources, rankfold-cxx for C++.
std::string rankfold_compiler(const Options& opt, const Program& p);

} // namespace corpus
