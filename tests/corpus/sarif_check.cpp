#include "sarif_check.hpp"

#include "process_runner.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>

namespace fs = std::filesystem;

namespace corpus {

namespace {

// One schedule of a program that polls until a deadlock is noticed polls for ever: such a run
// gets a few seconds, not the minute a search may take.
constexpr int kSingleRunSeconds = 5;

// The value at `pointer` ("/runs/0/results") in `j`, or null when there is none.
const nlohmann::json* find_at(const nlohmann::json& j, const std::string& pointer) {
    try {
        const nlohmann::json::json_pointer at(pointer);
        return j.contains(at) ? &j.at(at) : nullptr;
    } catch (const nlohmann::json::exception&) { // a step through a scalar
        return nullptr;
    }
}

// What a trace file's story holds: its steps, and how many of them were the explorer's choices.
struct StorySize {
    long steps = 0;
    long choices = 0;
};

// Zero and zero when there is no trace (one schedule records none).
StorySize story_size(const fs::path& trace) {
    StorySize size;
    try {
        std::ifstream in(trace);
        if (!in) return size;
        const nlohmann::json t = nlohmann::json::parse(in);
        if (!t.contains("story") || !t["story"].is_array()) return size;
        size.steps = static_cast<long>(t["story"].size());
        for (const nlohmann::json& step : t["story"])
            if (step.is_object() && step.value("choice", false)) size.choices++;
    } catch (const nlohmann::json::exception&) {
    }
    return size;
}

// Checks a SARIF log of a run that found a violation (the schema is validate_sarif.py's
// business): its first result is the expected rule, at a line marked /* ERROR */ when the program
// marks them, with the counterexample's steps as its code flow, whose essential steps are the
// explorer's choices.
std::string judge_sarif(const Program& p, const RunLine& r, const nlohmann::json& log,
                        const StorySize& story) {
    const nlohmann::json* results = find_at(log, "/runs/0/results");
    if (!results || !results->is_array() || results->empty()) return "the log has no result";
    const nlohmann::json& first = (*results)[0];
    std::string want = r.verdict;
    std::replace(want.begin(), want.end(), ':', '/'); // usage:truncation is rule usage/truncation
    Strings problems;
    if (first.value("ruleId", "") != want)
        problems.push_back("ruleId should be " + want + ", got " + first.value("ruleId", "none"));
    if (first.value("level", "") != "error") problems.push_back("level should be error");
    if (!p.error_lines.empty()) {
        const nlohmann::json* line =
            find_at(first, "/locations/0/physicalLocation/region/startLine");
        const nlohmann::json* uri =
            find_at(first, "/locations/0/physicalLocation/artifactLocation/uri");
        if (!line || !line->is_number_integer() || !p.error_lines.contains(line->get<int>()))
            problems.push_back("locations[0] should be a line marked /* ERROR */");
        if (!uri || !uri->is_string() ||
            fs::path(uri->get<std::string>()).filename() != p.src.filename())
            problems.push_back("locations[0] should be in " + p.src.filename().string());
    }
    long steps = 0, essential = 0;
    if (const nlohmann::json* threads = find_at(first, "/codeFlows/0/threadFlows");
        threads && threads->is_array())
        for (const nlohmann::json& thread : *threads)
            for (const nlohmann::json& step : thread.value("locations", nlohmann::json::array())) {
                steps++;
                if (step.value("importance", "") == "essential") essential++;
            }
    if (steps != story.steps)
        problems.push_back("the code flow should have the trace's " + std::to_string(story.steps) +
                           " steps, has " + std::to_string(steps));
    if (essential != story.choices)
        problems.push_back("the code flow should mark the trace's " +
                           std::to_string(story.choices) + " choices essential, marks " +
                           std::to_string(essential));
    return join(problems, "; ");
}

// Runs one RUN line that expects a violation with --sarif: the search, then the replay of its
// trace, and with `single_run` one --single-run too, whose schedule need not reach the violation
// (its log must be valid all the same). A RUN line that is one run already (--single-run,
// --seed) runs as it is. Returns "" or why it failed; `logs` counts the logs written.
std::string check_sarif_run(const Options& opt, const Program& p, const RunLine& r,
                            const fs::path& bin, const std::string& base, bool single_run,
                            int& logs) {
    const auto has = [&](const char* option) {
        return std::find(r.options.begin(), r.options.end(), option) != r.options.end();
    };
    const fs::path trace = base + ".trace";
    struct Mode {
        std::string name;
        Strings options;
        bool must_find; // the expected violation
    };
    std::vector<Mode> modes;
    if (has("--single-run") || has("--seed")) {
        modes.push_back({"run", {}, true});
    } else {
        modes.push_back({"search", {"--trace-file", trace.string()}, true});
        modes.push_back({"replay", {"--replay", trace.string()}, true});
        // A liveness, termination or progress check is a search by nature (a cycle of states):
        // no --single-run of it.
        if (single_run && r.verdict != "liveness" && r.verdict != "non-termination" &&
            r.verdict != "non-progress:cycle")
            modes.push_back({"single-run", {"--single-run"}, false});
    }
    fs::remove(trace);
    for (Mode& m : modes) {
        const fs::path sarif = base + "." + m.name + ".sarif";
        fs::remove(sarif);
        m.options.insert(m.options.end(), {"--sarif", sarif.string()});
        const std::string mode_base = base + "." + m.name;
        const bool one_schedule = m.name == "single-run";
        Outcome o = run_rankfold(opt, r, bin, m.options, mode_base + ".json", mode_base,
                                 one_schedule ? kSingleRunSeconds : 0);
        if (g_dry_run) continue;
        if (one_schedule && o.timed_out) {
            std::cout << "NOTE " << p.name << ": --single-run did not end within "
                      << kSingleRunSeconds << " s (no log)\n";
            continue;
        }
        nlohmann::json log;
        std::string e = load_report(o, sarif, log, "SARIF log");
        const bool status_ok = m.must_find
                                   ? o.exit_code == 1
                                   : o.exit_code == 0 || o.exit_code == 1 || o.exit_code == 3;
        if (e.empty() && !status_ok)
            e = "exit status should be " + std::string(m.must_find ? "1" : "0, 1 or 3") + ", got " +
                o.status();
        // The search and its replay have the trace's counterexample; one schedule records none.
        if (e.empty() && m.must_find)
            e = judge_sarif(p, r, log, m.name == "run" ? StorySize{} : story_size(trace));
        if (!e.empty()) return m.name + ": " + e + tail(o);
        logs++;
    }
    return "";
}

} // namespace

int sarif(const Options& opt, const std::vector<Program>& programs) {
    // Logs of an earlier run must not be validated as this run's.
    if (fs::exists(opt.work))
        for (const auto& entry : fs::recursive_directory_iterator(opt.work))
            if (entry.is_regular_file() && entry.path().extension() == ".sarif")
                fs::remove(entry.path());
    Tally tally;
    int logs = 0;
    for (const Program& p : programs) {
        if (!p.error.empty()) {
            tally.fail(p.name, p.error);
            continue;
        }
        if (std::none_of(p.runs.begin(), p.runs.end(),
                         [](const RunLine& r) { return r.expects_violation(); }))
            continue;
        fs::path bin = fs::path(opt.work) / p.name;
        if (std::string e = compile(rankfold_compiler(opt, p), p, bin); !e.empty()) {
            tally.fail(p.name, e);
            continue;
        }
        bool first = true; // one --single-run per program is enough to show that mode works
        for (size_t k = 0; k < p.runs.size(); k++) {
            if (!p.runs[k].expects_violation()) continue;
            std::string why = check_sarif_run(
                opt, p, p.runs[k], bin, bin.string() + "." + std::to_string(k + 1), first, logs);
            first = false;
            if (why.empty())
                tally.pass(run_label(p, k) + " (SARIF)");
            else
                tally.fail(run_label(p, k), why);
        }
    }
    std::cout << logs << " SARIF logs written under " << opt.work << std::endl;
    return tally.finish();
}

} // namespace corpus
