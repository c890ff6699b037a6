// corpus_runner: checks the labelled program corpus (tests/programs, examples).
//
//   corpus_runner list  <programs or dirs...>          parse every header, print its RUN lines
//   corpus_runner check --cc CC --run RUN --work DIR <programs...>
//   corpus_runner diff  --cc CC --run RUN --mpicc C --mpicxx CXX --mpiexec E --work DIR
//                       [--smpicc C --smpicxx CXX --smpirun R] <programs...>
//   corpus_runner sarif --cc CC --run RUN --work DIR <programs...>
//   options: --cxx CXX (default: CC with rankfold-cc -> rankfold-cxx), --timeout S (60),
//            --dry-run (print the commands instead of running them; runs then count as passed)
//
// check runs every RUN line through `rankfold-run --json` and compares exit status and report
// with the expected verdict and pinned stats, then replays (`rankfold-run --replay`) the trace of
// every violation found and requires the same violation again; diff runs the all-ok programs
// under `rankfold-run --single-run`, MPICH and, when given, SimGrid's SMPI, and compares their
// stdout as multisets of lines (ranks interleave freely); sarif runs every RUN line that expects
// a violation with `--sarif` in each mode and checks the logs (sarif_check.hpp).
// The last line of output is always "N passed, N failed"; the exit status is 0 iff none failed.
#include "corpus_header.hpp"
#include "differential.hpp"
#include "process_runner.hpp"
#include "runner_common.hpp"
#include "sarif_check.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <map>

namespace fs = std::filesystem;
using namespace corpus;

namespace {

// The verdict a violation of the report stands for: its kind, with the sub-kind if it has one
// ("usage:type-mismatch").
std::string kind_of(const nlohmann::json& v) {
    std::string s = v.value("kind", "<no kind>");
    if (v.contains("subkind")) s += ":" + v.value("subkind", "");
    return s;
}

// "deadlock at ring.c:12 (rank 1: message)" for the first violation of a report.
std::string describe_violation(const nlohmann::json& v) {
    std::string s = kind_of(v);
    if (v.contains("file") || v.contains("line"))
        s += " at " + fs::path(v.value("file", "?")).filename().string() + ":" +
             (v.contains("line") ? v["line"].dump() : "?");
    if (v.contains("rank") || v.contains("message"))
        s += " (rank " + (v.contains("rank") ? v["rank"].dump() : "?") + ": " +
             v.value("message", "") + ")";
    return s;
}

const nlohmann::json* first_violation(const nlohmann::json& report) {
    auto v = report.find("violations");
    if (v == report.end() || !v->is_array() || v->empty()) return nullptr;
    return &(*v)[0];
}

int line_of(const nlohmann::json& violation) {
    auto l = violation.find("line");
    return l != violation.end() && l->is_number_integer() ? l->get<int>() : -1;
}

// Compares one rankfold-run report with its RUN line; returns "" or a precise reason.
std::string judge(const Program& p, const RunLine& r, const Outcome& o, const nlohmann::json& j) {
    std::string verdict = j.value("verdict", "<missing>");
    const nlohmann::json* first = first_violation(j);
    std::string got = o.status() + ", verdict " + verdict;
    if (first) got += ", first violation " + describe_violation(*first);
    Strings problems;
    bool violation = r.expects_violation();
    int want_status = violation ? 1 : r.verdict == "limit" ? 3 : 0;
    std::string want_verdict = violation ? "violation" : r.verdict;
    if (o.exit_code != want_status)
        problems.push_back("exit status should be " + std::to_string(want_status));
    if (verdict != want_verdict) problems.push_back("verdict should be " + want_verdict);
    if (violation && !first) problems.push_back("the report lists no violation");
    if (!violation && first) problems.push_back("the report lists a violation");
    if (violation && first) {
        if (kind_of(*first) != r.verdict) problems.push_back("kind should be " + r.verdict);
        if (!p.error_lines.empty()) {
            if (!p.error_lines.contains(line_of(*first))) {
                Strings marked;
                for (int l : p.error_lines) marked.push_back(std::to_string(l));
                problems.push_back("line should be one marked /* ERROR */ (" + join(marked, ", ") +
                                   ")");
            }
            // A race names two accesses: both must be marked lines.
            if (auto race = first->find("race"); race != first->end() && race->is_object())
                for (const char* side : {"first", "second"})
                    if (race->contains(side) && !p.error_lines.contains(line_of((*race)[side])))
                        problems.push_back(std::string("the race's ") + side +
                                           " access should be on a line marked /* ERROR */");
            std::string file = fs::path(first->value("file", "")).filename().string();
            if (file != p.src.filename().string())
                problems.push_back("file should be " + p.src.filename().string());
        }
    }
    // Pinned counts: a change in them means the exploration itself changed. Under the sanitizer
    // gate (RANKFOLD_CORPUS_COUNTS=at-least) the checker's own frames on the ranks' stacks are
    // laid out differently and may keep bytes of earlier calls in their padding, which can only
    // split states, never merge them: there a count may exceed its pin, but not fall short.
    static const bool at_least = [] {
        const char* mode = std::getenv("RANKFOLD_CORPUS_COUNTS");
        return mode != nullptr && std::string(mode) == "at-least";
    }();
    for (const auto& [key, want] : r.stats) {
        const nlohmann::json* stats = j.contains("stats") ? &j["stats"] : nullptr;
        if (!stats || !stats->contains(key) || !(*stats)[key].is_number_unsigned()) {
            problems.push_back("the report has no stats." + key);
            continue;
        }
        auto value = (*stats)[key].get<std::uint64_t>();
        got += ", " + key + "=" + std::to_string(value);
        const bool split_only = at_least && key != "warnings";
        if (split_only ? value < want : value != want)
            problems.push_back(key + (split_only ? " should be at least " : " should be ") +
                               std::to_string(want) + ", got " + std::to_string(value));
    }
    if (problems.empty()) return "";
    return "expected " + r.verdict + ", got " + got + ": " + join(problems, "; ") + " (" +
           p.src.filename().string() + ":" + std::to_string(r.line) + ": " + r.text() + ")";
}

// Checks a replay of a counterexample: it must end in the violation the search reported
// (same kind, and the same line when the program marks its ERROR lines).
std::string judge_replay(const Program& p, const nlohmann::json& found, const Outcome& o,
                         const nlohmann::json& j) {
    const nlohmann::json* first = first_violation(j);
    Strings problems;
    if (o.exit_code != 1) problems.push_back("exit status should be 1");
    if (!first) {
        problems.push_back("the report lists no violation");
    } else {
        if (kind_of(*first) != kind_of(found))
            problems.push_back("kind should be " + kind_of(found));
        if (!p.error_lines.empty() && line_of(*first) != line_of(found))
            problems.push_back("line should be " + std::to_string(line_of(found)));
    }
    if (problems.empty()) return "";
    return "the search found " + describe_violation(found) + ", its replay gave " + o.status() +
           (first ? ", " + describe_violation(*first) : "") + ": " + join(problems, "; ");
}

// Runs one RUN line and, when it expects a violation, replays the counterexample it printed.
// Returns "" or why it failed.
std::string check_run(const Options& opt, const Program& p, const RunLine& r, const fs::path& bin,
                      const std::string& base) {
    fs::path json = base + ".json", trace = base + ".trace";
    fs::remove(trace);
    Outcome o = run_rankfold(opt, r, bin, {"--trace-file", trace.string()}, json, base);
    const bool replays = r.expects_violation();
    if (replays && g_dry_run)
        run_rankfold(opt, r, bin, {"--replay", trace.string()}, base + ".replay.json",
                     base + ".replay");
    if (g_dry_run) return "";
    nlohmann::json report;
    if (std::string e = load_report(o, json, report); !e.empty()) return e + tail(o);
    if (std::string e = judge(p, r, o, report); !e.empty()) return e + tail(o);
    if (!replays) return "";

    const nlohmann::json& found = *first_violation(report); // judge checked there is one
    if (!found.contains("trace") || !found["trace"].is_string())
        return "the report's first violation names no trace to replay";
    std::string replay_base = base + ".replay";
    Outcome ro = run_rankfold(opt, r, bin, {"--replay", found["trace"].get<std::string>()},
                              replay_base + ".json", replay_base);
    nlohmann::json replayed;
    std::string e = load_report(ro, replay_base + ".json", replayed);
    if (e.empty()) e = judge_replay(p, found, ro, replayed);
    return e.empty() ? "" : "replay: " + e + tail(ro);
}

int check(const Options& opt, const std::vector<Program>& programs) {
    Tally tally;
    for (const Program& p : programs) {
        if (!p.error.empty()) {
            tally.fail(p.name, p.error);
            continue;
        }
        fs::path bin = fs::path(opt.work) / p.name;
        if (std::string e = compile(rankfold_compiler(opt, p), p, bin); !e.empty()) {
            tally.fail(p.name, e);
            continue;
        }
        for (size_t k = 0; k < p.runs.size(); k++) {
            const RunLine& r = p.runs[k];
            std::string why = check_run(opt, p, r, bin, bin.string() + "." + std::to_string(k + 1));
            if (why.empty())
                tally.pass(run_label(p, k) + (r.expects_violation() ? " (replayed)" : ""));
            else
                tally.fail(run_label(p, k), why);
        }
    }
    return tally.finish();
}

int list(const std::vector<Program>& programs) {
    Tally tally;
    for (const Program& p : programs) {
        if (!p.error.empty()) {
            tally.fail(p.name, p.error);
            continue;
        }
        std::string file = p.src.filename().string();
        for (const RunLine& r : p.runs)
            std::cout << "  " << file << ":" << r.line << ": " << r.text() << "\n";
        if (p.no_diff)
            std::cout << "  " << file << ": no differential test: " << *p.no_diff << "\n";
        if (!p.error_lines.empty()) {
            Strings marked;
            for (int l : p.error_lines) marked.push_back(std::to_string(l));
            std::cout << "  " << file << ": /* ERROR */ at lines " << join(marked, ", ") << "\n";
        }
        tally.pass(p.name);
    }
    return tally.finish();
}

int usage(const std::string& problem) {
    std::cerr
        << "corpus_runner: " << problem << "\n"
        << "usage: corpus_runner list <programs or dirs...>\n"
        << "       corpus_runner check --cc CC --run RUN --work DIR [--cxx CXX] <programs...>\n"
        << "       corpus_runner diff --cc CC --run RUN --mpicc C --mpicxx CXX --mpiexec E\n"
        << "                          --work DIR [--smpicc C --smpicxx CXX --smpirun R]\n"
        << "                          <programs...>\n"
        << "       corpus_runner sarif --cc CC --run RUN --work DIR [--cxx CXX] <programs...>\n"
        << "       common options: --timeout SECONDS (60), --dry-run\n";
    std::cout << "0 passed, 1 failed" << std::endl; // CI reads the closing line even here
    return 2;
}

int corpus_main(int argc, char** argv) {
    Options opt;
    std::map<std::string, std::string*> valued = {
        {"--cc", &opt.cc},          {"--cxx", &opt.cxx},       {"--run", &opt.run},
        {"--mpicc", &opt.mpicc},    {"--mpicxx", &opt.mpicxx}, {"--mpiexec", &opt.mpiexec},
        {"--work", &opt.work},      {"--smpicc", &opt.smpicc}, {"--smpicxx", &opt.smpicxx},
        {"--smpirun", &opt.smpirun}};
    if (argc < 2) return usage("missing mode");
    opt.mode = argv[1];
    for (int i = 2; i < argc; i++) {
        std::string a = argv[i];
        if (valued.contains(a) && i + 1 < argc)
            *valued[a] = argv[++i];
        else if (a == "--timeout" && i + 1 < argc)
            opt.timeout = std::atoi(argv[++i]);
        else if (a == "--dry-run")
            opt.dry_run = true;
        else if (a.size() > 1 && a[0] == '-')
            return usage("unknown option " + a);
        else
            opt.paths.push_back(a);
    }
    if (opt.mode != "list" && opt.mode != "check" && opt.mode != "diff" && opt.mode != "sarif")
        return usage("unknown mode " + opt.mode);
    if (opt.paths.empty()) return usage("no programs given");
    if (opt.mode != "list" && (opt.cc.empty() || opt.run.empty() || opt.work.empty()))
        return usage(opt.mode + " needs --cc, --run and --work");
    if (opt.mode == "diff" && (opt.mpicc.empty() || opt.mpicxx.empty() || opt.mpiexec.empty()))
        return usage("diff needs --mpicc, --mpicxx and --mpiexec");
    if (opt.smpicc.empty() != opt.smpirun.empty() || opt.smpicxx.empty() != opt.smpirun.empty())
        return usage("--smpicc, --smpicxx and --smpirun go together");
    if (opt.timeout <= 0) return usage("--timeout needs a positive number of seconds");
    if (opt.cxx.empty() && !opt.cc.empty()) {
        fs::path cc(opt.cc);
        std::string name = cc.filename().string();
        if (auto at = name.find("rankfold-cc"); at != std::string::npos)
            name.replace(at, 11, "rankfold-cxx");
        opt.cxx = (cc.parent_path() / name).string();
    }
    g_dry_run = opt.dry_run;
    g_timeout = opt.timeout;

    std::string error;
    std::vector<Program> programs = collect_programs(opt.paths, error);
    if (!error.empty()) return usage(error);
    if (!opt.work.empty()) opt.work = fs::absolute(opt.work).string();
    if (opt.mode == "list") return list(programs);
    fs::create_directories(opt.work);
    if (opt.mode == "sarif") return sarif(opt, programs);
    return opt.mode == "check" ? check(opt, programs) : diff(opt, programs);
}

} // namespace

int main(int argc, char** argv) {
    try {
        return corpus_main(argc, argv);
    } catch (const std::exception& e) { // a file system or JSON error: still end with the tally
        std::cerr << "corpus_runner: " << e.what() << "\n";
        std::cout << "0 passed, 1 failed" << std::endl;
        return 2;
    }
}
