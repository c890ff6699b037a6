#include "differential.hpp"

#include "process_runner.hpp"
#include "smpi_oracle.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

namespace fs = std::filesystem;

namespace corpus {

namespace {

// Lines present more often on one side, as "- line" (only under `other`, a reference MPI) and
// "+ line" (only under rankfold-run). Order is ignored: ranks interleave freely.
std::string multiset_diff(const std::string& other, const std::string& rankfold) {
    std::map<std::string, int> count;
    for (const auto& l : lines_of(other)) count[l]++;
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
// confirmed by up to five more MPICH runs, any of which may match, before it counts. `m` ends
// as the last MPICH run compared.
std::string mpich_differs(const Strings& mpich_cmd, const fs::path& mpich_bin, Outcome& m,
                          const std::string& rankfold_out) {
    std::string d = multiset_diff(m.out, rankfold_out);
    for (int retry = 1; retry <= 5 && !d.empty(); ++retry) {
        Outcome again = run_process(mpich_cmd, mpich_bin.string() + ".run" + std::to_string(retry));
        if (!again.timed_out && again.signal == 0 && again.exit_code == 0) {
            d = multiset_diff(again.out, rankfold_out);
            m = std::move(again);
        }
    }
    return d;
}

// One tool's output under a FAIL, after the command that printed it; long outputs are cut (the
// whole output stays in the work folder).
std::string show_output(const std::string& command, const std::string& out) {
    constexpr size_t kShown = 40;
    Strings lines = lines_of(out);
    std::string s = "\n  output of " + command + ":";
    if (lines.empty()) s += " (none)";
    for (size_t i = 0; i < lines.size() && i < kShown; i++) s += "\n    | " + lines[i];
    if (lines.size() > kShown)
        s += "\n    | ... (" + std::to_string(lines.size() - kShown) + " more lines)";
    return s;
}

// What one program printed under each tool, and how each reference compares with Rankfold.
struct Outputs {
    std::string rankfold_cmd, rankfold_out, mpich_cmd, mpich_out, mpich_diff, smpi_diff;
    const SmpiRun* smpi = nullptr; // null when SMPI is not installed
};

std::string smpi_state(const Outputs& o) {
    if (!o.smpi) return "SMPI not installed";
    if (o.smpi->skipped()) return "SMPI skipped (" + o.smpi->skip_why + ")";
    return o.smpi_diff.empty() ? "SMPI agrees" : "SMPI differs";
}

// The FAIL reason when a reference MPI's output differs from Rankfold's: who differs, each
// difference, then all three outputs as they came.
std::string disagreement(const Outputs& o) {
    std::string s = "stdout compared with rankfold-run --single-run's (as multisets of lines): ";
    s += o.mpich_diff.empty() ? "MPICH agrees, " : "MPICH differs, ";
    s += smpi_state(o);
    bool both_differ = !o.mpich_diff.empty() && !o.smpi_diff.empty();
    if (both_differ && multiset_diff(o.mpich_out, o.smpi->out).empty())
        s += "; MPICH and SMPI agree with each other";
    if (!o.mpich_diff.empty())
        s += "\n  MPICH vs rankfold-run (- only under MPICH, + only under rankfold-run):" +
             o.mpich_diff;
    if (!o.smpi_diff.empty())
        s += "\n  SMPI vs rankfold-run (- only under SMPI, + only under rankfold-run):" +
             o.smpi_diff;
    s += show_output(o.rankfold_cmd, o.rankfold_out) + show_output(o.mpich_cmd, o.mpich_out);
    if (o.smpi && !o.smpi->skipped()) s += show_output(o.smpi->command, o.smpi->out);
    return s;
}

// The counts of the summary line printed before the tally.
struct Summary {
    int programs = 0, mpich_agreed = 0, smpi_agreed = 0, smpi_disagreed = 0;
    std::map<std::string, int> smpi_skipped; // by reason

    void print(bool smpi_installed) const {
        std::cout << "differential: " << programs << " programs, MPICH agreed on " << mpich_agreed;
        if (!smpi_installed) {
            std::cout << ", SMPI not installed (no smpicc/smpicxx/smpirun given): compared with "
                         "MPICH alone\n";
            return;
        }
        int skipped = 0;
        Strings reasons;
        for (const auto& [why, n] : smpi_skipped) {
            skipped += n;
            reasons.push_back(why + ": " + std::to_string(n));
        }
        std::cout << ", SMPI agreed on " << smpi_agreed;
        if (smpi_disagreed) std::cout << ", SMPI disagreed on " << smpi_disagreed;
        std::cout << ", SMPI skipped " << skipped;
        if (skipped) std::cout << " (" << join(reasons, ", ") << ")";
        std::cout << "\n";
    }
};

Strings rankfold_command(const Options& opt, const RunLine& r, const fs::path& bin) {
    Strings cmd = {opt.run};
    if (std::find(r.options.begin(), r.options.end(), "--single-run") == r.options.end())
        cmd.push_back("--single-run");
    cmd.insert(cmd.end(), r.options.begin(), r.options.end());
    // A violation writes its trace: beside the binary, not in the current folder.
    cmd.insert(cmd.end(), {"--trace-file", bin.string() + ".single.trace"});
    cmd.push_back(bin.string());
    cmd.insert(cmd.end(), r.args.begin(), r.args.end());
    return cmd;
}

// Runs the program's first RUN line under Rankfold, MPICH and (when installed) SMPI, and
// records the verdict.
void compare(const Options& opt, const SmpiTools& smpi, const Program& p, Tally& tally,
             Summary& summary) {
    summary.programs++;
    const RunLine& r = p.runs[0];
    fs::path bin = fs::path(opt.work) / p.name, mpich_bin = bin.string() + ".mpich";
    std::string e = compile(rankfold_compiler(opt, p), p, bin);
    if (e.empty()) e = compile(p.src.extension() == ".c" ? opt.mpicc : opt.mpicxx, p, mpich_bin);
    if (!e.empty()) {
        tally.fail(p.name, e);
        return;
    }
    Strings mpich_cmd = {opt.mpiexec, "-n", std::to_string(r.np), mpich_bin.string()};
    mpich_cmd.insert(mpich_cmd.end(), r.args.begin(), r.args.end());
    Outcome m = run_process(mpich_cmd, mpich_bin.string() + ".run");
    Strings rf_cmd = rankfold_command(opt, r, bin);
    Outcome o = run_process(rf_cmd, bin.string() + ".single-run");
    if (m.timed_out || m.signal || m.exit_code != 0) {
        tally.fail(p.name, "under MPICH (" + join(mpich_cmd) + "): " + m.status() + tail(m));
        return;
    }
    if (o.timed_out || o.signal || o.exit_code != 0) {
        tally.fail(p.name, "rankfold-run --single-run: " + o.status() + tail(o));
        return;
    }
    // (Under --dry-run every run "succeeds" with no output, so everything agrees.)
    Outputs out;
    out.rankfold_cmd = join(rf_cmd);
    out.rankfold_out = o.out;
    out.mpich_cmd = join(mpich_cmd);
    out.mpich_diff = mpich_differs(mpich_cmd, mpich_bin, m, o.out);
    out.mpich_out = m.out;
    if (out.mpich_diff.empty()) summary.mpich_agreed++;
    SmpiRun s;
    if (smpi.installed()) {
        s = run_smpi(smpi, p, r, bin);
        out.smpi = &s;
        if (s.skipped()) {
            // SMPI is a second opinion: a program it cannot build or run (a feature it lacks, a
            // deviation of its own) is still compared with MPICH.
            summary.smpi_skipped[s.skip_why]++;
            std::cout << "SMPI-SKIP " << p.name << ": " << s.skip_why << ": " << s.detail << "\n";
        } else {
            out.smpi_diff = multiset_diff(s.out, o.out);
            (out.smpi_diff.empty() ? summary.smpi_agreed : summary.smpi_disagreed)++;
        }
    }
    if (out.mpich_diff.empty() && out.smpi_diff.empty())
        tally.pass(p.name + (s.skipped()        ? " (MPICH; SMPI skipped)"
                             : smpi.installed() ? " (MPICH, SMPI)"
                                                : " (MPICH)"));
    else
        tally.fail(p.name, disagreement(out));
}

// A program no reference implementation here can run (OpenSHMEM: Debian's OSHMEM dies in
// shmem_init) is compared with its golden output, computed by hand and reviewed.
void compare_with_golden(const Options& opt, const Program& p, Tally& tally) {
    const RunLine& r = p.runs[0];
    fs::path bin = fs::path(opt.work) / p.name;
    if (std::string e = compile(rankfold_compiler(opt, p), p, bin); !e.empty()) {
        tally.fail(p.name, e);
        return;
    }
    std::ifstream in(*p.expected_output);
    if (!in) {
        tally.fail(p.name, "cannot read its expected output " + p.expected_output->string());
        return;
    }
    std::stringstream golden;
    golden << in.rdbuf();
    Strings rf_cmd = rankfold_command(opt, r, bin);
    Outcome o = run_process(rf_cmd, bin.string() + ".single-run");
    if (o.timed_out || o.signal || o.exit_code != 0) {
        tally.fail(p.name, "rankfold-run --single-run: " + o.status() + tail(o));
        return;
    }
    if (g_dry_run) return tally.pass(p.name + " (expected output)");
    const std::string d = multiset_diff(golden.str(), o.out);
    if (d.empty())
        tally.pass(p.name + " (expected output)");
    else
        tally.fail(p.name, "differs from " + p.expected_output->string() + ":\n" + d);
}

} // namespace

int diff(const Options& opt, const std::vector<Program>& programs) {
    SmpiTools smpi;
    smpi.cc = opt.smpicc, smpi.cxx = opt.smpicxx, smpi.run = opt.smpirun;
    if (smpi.installed()) prepare_smpi(smpi, opt.work);
    Tally tally;
    Summary summary;
    for (const Program& p : programs) {
        if (!p.error.empty()) {
            tally.fail(p.name, p.error);
            continue;
        }
        if (p.all_ok() && p.expected_output) {
            compare_with_golden(opt, p, tally);
            continue;
        }
        if (!p.all_ok() || p.no_diff) {
            std::cout << "SKIP " << p.name << ": "
                      << (p.no_diff ? "RANKFOLD-NO-DIFF: " + *p.no_diff
                                    : "not every run expects ok")
                      << "\n";
            continue;
        }
        compare(opt, smpi, p, tally, summary);
    }
    if (!g_dry_run) summary.print(smpi.installed());
    return tally.finish();
}

} // namespace corpus
