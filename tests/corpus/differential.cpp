#include "differential.hpp"

#include "process_runner.hpp"

#include <algorithm>
#include <iostream>
#include <map>

namespace fs = std::filesystem;

namespace corpus {

namespace {

// Lines present more often on one side, as "- line" (MPICH only) and "+ line" (rankfold only).
std::string multiset_diff(const std::string& mpich, const std::string& rankfold) {
    std::map<std::string, int> count;
    for (const auto& l : lines_of(mpich)) count[l]++;
    for (const auto& l : lines_of(rankfold)) count[l]--;
    std::string minus, plus;
    for (const auto& [line, n] : count) {
        for (int i = 0; i < n; i++) minus += "\n    - " + line;
        for (int i = 0; i > n; i--) plus += "\n    + " + line;
    }
    return minus + plus;
}

// The difference between MPICH's output and Rankfold's, "" if none. mpiexec forwards a rank's
// output in pieces that can interleave with another rank's mid-line (about one run in four for
// some programs, more on a loaded machine: three in a row were seen), so a difference is
// confirmed by up to five more MPICH runs, any of which may match, before it counts.
std::string mpich_differs(const Strings& mpich_cmd, const fs::path& mpich_bin, const Outcome& m,
                          const Outcome& o) {
    std::string d = multiset_diff(m.out, o.out);
    for (int retry = 1; retry <= 5 && !d.empty(); ++retry) {
        const Outcome again =
            run_process(mpich_cmd, mpich_bin.string() + ".run" + std::to_string(retry));
        if (!again.timed_out && again.signal == 0 && again.exit_code == 0)
            d = multiset_diff(again.out, o.out);
    }
    return d;
}

} // namespace

int diff(const Options& opt, const std::vector<Program>& programs) {
    Tally tally;
    for (const Program& p : programs) {
        if (!p.error.empty()) {
            tally.fail(p.name, p.error);
            continue;
        }
        if (!p.all_ok() || p.no_diff) {
            std::cout << "SKIP " << p.name << ": "
                      << (p.no_diff ? "RANKFOLD-NO-DIFF: " + *p.no_diff
                                    : "not every run expects ok")
                      << "\n";
            continue;
        }
        const RunLine& r = p.runs[0];
        fs::path bin = fs::path(opt.work) / p.name, mpich_bin = bin.string() + ".mpich";
        std::string e = compile(rankfold_compiler(opt, p), p, bin);
        if (e.empty())
            e = compile(p.src.extension() == ".c" ? opt.mpicc : opt.mpicxx, p, mpich_bin);
        if (!e.empty()) {
            tally.fail(p.name, e);
            continue;
        }
        Strings mpich_cmd = {opt.mpiexec, "-n", std::to_string(r.np), mpich_bin.string()};
        mpich_cmd.insert(mpich_cmd.end(), r.args.begin(), r.args.end());
        Outcome m = run_process(mpich_cmd, mpich_bin.string() + ".run");
        Strings rf_cmd = {opt.run};
        if (std::find(r.options.begin(), r.options.end(), "--single-run") == r.options.end())
            rf_cmd.push_back("--single-run");
        rf_cmd.insert(rf_cmd.end(), r.options.begin(), r.options.end());
        rf_cmd.push_back(bin.string());
        rf_cmd.insert(rf_cmd.end(), r.args.begin(), r.args.end());
        Outcome o = run_process(rf_cmd, bin.string() + ".single-run");
        if (g_dry_run)
            tally.pass(p.name); // NOLINT(bugprone-branch-clone): a dry run passes unchecked
        else if (m.timed_out || m.signal || m.exit_code != 0)
            tally.fail(p.name, "under MPICH (" + join(mpich_cmd) + "): " + m.status() + tail(m));
        else if (o.timed_out || o.signal || o.exit_code != 0)
            tally.fail(p.name, "rankfold-run --single-run: " + o.status() + tail(o));
        else if (std::string d = mpich_differs(mpich_cmd, mpich_bin, m, o); !d.empty())
            tally.fail(p.name, "stdout differs from MPICH's (- only under MPICH, + only under "
                               "rankfold-run, as sorted multisets of lines):" +
                                   d);
        else
            tally.pass(p.name);
    }
    return tally.finish();
}

} // namespace corpus
