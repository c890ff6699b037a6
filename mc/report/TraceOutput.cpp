#include "mc/report/TraceOutput.hpp"

#include <fmt/format.h>

#include <filesystem>

namespace rankfold::mc {

std::string shell_quote(const std::string& s) {
    if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                          "0123456789_-+./=:,@%") == std::string::npos)
        return s;
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

void locate(TraceStep& step, const ProgramImage& image) {
    if (step.site == 0 || step.source) return;
    if (auto loc = image.locate(step.site, true)) {
        step.location = loc->short_text();
        step.source = std::move(loc);
    }
}

const char* buffering_name(const RunOptions& o) {
    if (o.both_buffering) return "both";
    return o.buffering == mpi::Buffering::Infinite ? "infinite" : "zero";
}

std::string step_line(TraceStep& step, const ProgramImage& image) {
    locate(step, image);
    std::string text = fmt::format("rank {}: ", step.rank);
    if (step.call.empty())
        text += step.detail;
    else
        text += step.detail.empty() ? step.call : step.call + " " + step.detail;
    if (!step.location.empty()) text += "  (" + step.location + ")";
    return text;
}

std::vector<std::string> story_lines(std::vector<TraceStep>& story, const ProgramImage& image,
                                     std::size_t shown) {
    std::vector<std::string> lines;
    const std::size_t skip = story.size() > shown ? story.size() - shown : 0;
    if (skip > 0)
        lines.push_back(fmt::format("... {} earlier steps (all are in the trace file)", skip));
    for (std::size_t i = skip; i < story.size(); ++i) {
        if (story[i].cycle_start)
            lines.emplace_back("--- the cycle: from here the steps below repeat forever ---");
        lines.push_back(step_line(story[i], image));
    }
    return lines;
}

Trace make_trace(const RunOptions& o, const Violation& v, const std::vector<Transition>& path,
                 std::vector<TraceStep>& story, const ProgramImage& image) {
    Trace t;
    t.program = o.program;
    t.arguments = o.arguments;
    t.ranks = o.ranks;
    t.buffering = buffering_name(o);
    t.violation_kind = kind_name(v.kind);
    t.violation_rank = v.rank;
    t.violation_message = v.message;
    t.transitions = path;
    for (TraceStep& e : story) {
        locate(e, image);
        t.story.push_back(e);
        t.story.back().site = 0; // an address of this process: meaningless in a file
    }
    return t;
}

std::string trace_path_for(const RunOptions& o, std::size_t n) {
    std::string base = o.trace_path;
    if (base.empty())
        base = std::filesystem::path(o.program).filename().string() + ".rankfold-trace.json";
    if (n == 0) return base;
    const std::string suffix = ".json";
    const bool has_suffix = base.size() > suffix.size() &&
                            base.compare(base.size() - suffix.size(), suffix.size(), suffix) == 0;
    const std::string stem = has_suffix ? base.substr(0, base.size() - suffix.size()) : base;
    return fmt::format("{}.{}{}", stem, n + 1, has_suffix ? suffix : "");
}

std::string replay_command(const RunOptions& o, const std::string& trace_path) {
    std::string cmd =
        fmt::format("rankfold-run --replay {} -np {}", shell_quote(trace_path), o.ranks);
    if (o.both_buffering || o.buffering != mpi::Buffering::Zero)
        cmd += fmt::format(" --buffering {}", buffering_name(o));
    // A contract violation needs the same contracts to happen again.
    for (const std::string& file : o.contract_files) cmd += " --contracts " + shell_quote(file);
    if (o.contracts_predefined != "all") cmd += " --contracts-predefined " + o.contracts_predefined;
    // So do the options that decide what is a violation, and a watchdog limit (the default
    // would make an endless loop's replay wait 10 s of CPU time).
    if (o.strict) cmd += " --strict";
    if (o.allow_leaks) cmd += " --allow-leaks";
    if (o.watchdog_seconds != 10) cmd += fmt::format(" --watchdog {}", o.watchdog_seconds);
    cmd += " " + shell_quote(o.program);
    for (const std::string& a : o.arguments) cmd += " " + shell_quote(a);
    return cmd;
}

} // namespace rankfold::mc
