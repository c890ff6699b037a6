// What the modes of corpus_runner (check, diff, sarif) share: the command line, the tally of
// results, compiling a corpus program and running it under rankfold-run.
#pragma once

#include "corpus_header.hpp"
#include "process_runner.hpp"

#include <nlohmann/json.hpp>

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

// "programs/ring [run 2]": the label of the k-th RUN line (from 0) in results.
std::string run_label(const Program& p, size_t k);

// Runs the RUN line's command with `extra` options in front; the JSON report goes to `json`.
// `timeout` seconds, or g_timeout when 0.
Outcome run_rankfold(const Options& opt, const RunLine& r, const std::filesystem::path& bin,
                     const Strings& extra, const std::filesystem::path& json,
                     const std::string& base, int timeout = 0);

// Reads the JSON report (or, as `what` says, another JSON file) of a finished rankfold-run;
// returns "" or why there is none to judge.
std::string load_report(const Outcome& o, const std::filesystem::path& json, nlohmann::json& report,
                        const std::string& what = "JSON report");

} // namespace corpus
