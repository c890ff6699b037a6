#include "smpi_oracle.hpp"

#include "process_runner.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <utility>

namespace fs = std::filesystem;

namespace corpus {

namespace {

// SMPI runs a whole program in one process in simulated time, in well under a second for every
// corpus program; a run that takes longer is stuck (a rank that computes forever stops the whole
// simulation, its ranks take turns), and should not cost CI the full --timeout.
constexpr int kSmpiTimeout = 20;

// SimGrid's log lines all start with this (set by --log=root.fmt below; %p is the priority, %c
// the category, %e a space: smpirun splits its options at spaces), so that they can be told
// apart from the program's output whatever their level.
constexpr const char* kLogPrefix = "SMPI-LOG/";

bool starts_with(const std::string& s, const std::string& prefix) {
    return s.compare(0, prefix.size(), prefix) == 0;
}

// The first line of `text` that contains `needle` (all of `text`'s first line when `needle` is
// empty), without leading blanks; "" if none.
std::string first_line_with(const std::string& text, const std::string& needle) {
    for (const std::string& line : lines_of(text)) {
        auto start = line.find_first_not_of(" \t");
        if (start != std::string::npos && line.find(needle) != std::string::npos)
            return line.substr(start);
    }
    return "";
}

// Why a program argument cannot reach the program under smpirun (a reason and the argument),
// or {}. SimGrid takes the options it knows out of the program's argv before main sees it (and
// prints its own help for --help); smpirun passes the program's arguments through an unquoted
// shell expansion, which splits them at blanks and expands wildcards.
std::pair<std::string, std::string> argument_problem(const Strings& args) {
    for (const std::string& a : args) {
        for (const char* own : {"--cfg", "--log=", "--help", "--version"})
            if (starts_with(a, own))
                return {"SimGrid takes a program argument", a + " is read by SimGrid, not main"};
        if (a.find_first_of(" \t*?[") != std::string::npos)
            return {"smpirun splits a program argument", "'" + a + "' would not arrive whole"};
    }
    return {};
}

// smpirun is a shell script: when SMPI's process dies of a signal, it exits with 128 + signal.
std::string failure_reason(const Outcome& o) {
    if (o.exit_code > 128 && o.exit_code < 128 + 65) {
        const char* name = sigabbrev_np(o.exit_code - 128);
        if (name) return std::string("killed by SIG") + name;
    }
    return o.status();
}

} // namespace

void prepare_smpi(SmpiTools& smpi, const fs::path& work) {
    fs::create_directories(work);
    smpi.platform = work / "smpi-cluster.xml";
    smpi.tmp = work / "smpi-tmp";
    fs::create_directories(smpi.tmp);
    // A cluster of 16 hosts behind one switch (SimGrid's platform format, version 4.1). 16 is
    // more than any RUN line's -np; SMPI would place further ranks on the hosts round robin.
    // Speed, bandwidth and latency only shape the simulated time, which no output shows.
    std::ofstream out(smpi.platform);
    out << R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="corpus" prefix="host-" suffix="" radical="0-15" speed="1Gf" bw="10GBps" lat="1us"/>
</platform>
)";
}

SmpiRun run_smpi(const SmpiTools& smpi, const Program& p, const RunLine& r, const fs::path& bin) {
    SmpiRun result;
    if (auto [why, arg] = argument_problem(r.args); !why.empty()) {
        result.skip_why = why;
        result.detail = arg;
        return result;
    }
    const bool c = p.src.extension() == ".c";
    const fs::path smpi_bin = bin.string() + ".smpi";
    Strings build = {c ? smpi.cc : smpi.cxx, "-O1"};
    // smpicxx puts -std=gnu++11 in front of the user's flags; g++ 12, behind rankfold-cxx and
    // mpicxx, defaults to gnu++17. The same program should be compiled in the same language.
    if (!c) build.push_back("-std=gnu++17");
    build.insert(build.end(), {"-o", smpi_bin.string(), p.src.string()});
    Outcome built = run_process(build, smpi_bin.string() + ".compile");
    if (built.timed_out || built.exit_code != 0) {
        result.skip_why = "does not build with " + fs::path(build[0]).filename().string();
        result.detail = first_line_with(built.err, "error");
        if (result.detail.empty()) result.detail = built.status();
        return result;
    }

    // TMPDIR: where SMPI writes each rank's copy of the program (its way of giving every rank its
    // own globals). A copy is deleted as soon as it is loaded; in the work folder rather than
    // /tmp, one left by a run killed before that stays inside the build. -quiet: smpirun does
    // not echo its command on failure. Logging: only critical messages, which explain a failure.
    Strings run = {"env",
                   "TMPDIR=" + smpi.tmp.string(),
                   smpi.run,
                   "-quiet",
                   "-np",
                   std::to_string(r.np),
                   "-platform",
                   smpi.platform.string(),
                   "--log=root.thres:critical",
                   std::string("--log=root.fmt:") + kLogPrefix + "%p/%c:%e%m%n",
                   smpi_bin.string()};
    run.insert(run.end(), r.args.begin(), r.args.end());
    result.command = join(run);
    const int timeout = std::min(kSmpiTimeout, g_timeout);
    Outcome o = run_process(run, smpi_bin.string() + ".run", timeout);
    if (g_dry_run) return result;

    const std::string critical_tag = std::string(kLogPrefix) + "CRITICAL";
    std::string critical = first_line_with(o.err, critical_tag);
    if (critical.empty()) critical = first_line_with(o.out, critical_tag);
    if (o.timed_out) {
        result.skip_why = "timed out";
        result.detail = "after " + std::to_string(timeout) + " s";
    } else if (!critical.empty()) {
        // SMPI ends the simulation on a critical error, e.g. when it sees no rank can progress,
        // and may still exit with status 0.
        result.skip_why = critical.find("Deadlock") != std::string::npos
                              ? "SMPI reported a deadlock"
                              : "SMPI reported a critical error";
        result.detail = critical.substr(critical.find(": ") + 2); // after "SMPI-LOG/p/c: "
    } else if (o.signal != 0 || o.exit_code != 0) {
        result.skip_why = failure_reason(o);
        result.detail = first_line_with(o.err, "");
    }
    if (result.skipped()) return result;
    // SimGrid logs to stderr, but a log line on stdout would not be the program's output either.
    for (const std::string& line : lines_of(o.out))
        if (!starts_with(line, kLogPrefix)) result.out += line + "\n";
    return result;
}

} // namespace corpus
