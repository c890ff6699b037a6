#include "mc/report/Report.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sys/resource.h>

#include <fstream>

namespace rankfold::mc {

long peak_rss_bytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss * 1024L;
}

namespace {
std::string where(const std::optional<CodeLocation>& loc) {
    if (!loc) return "";
    std::string s = " at " + loc->short_text();
    if (!loc->function.empty()) s += " (in " + loc->function + ")";
    return s;
}
} // namespace

namespace {
void print_violation(FILE* out, const FoundViolation& found) {
    const Violation& v = found.violation;
    if (!found.story.empty()) {
        fmt::print(out, "rankfold: counterexample ({} steps):\n", found.story.size());
        for (const std::string& line : found.story) fmt::print(out, "  {}\n", line);
    }
    if (v.kind == ViolationKind::Deadlock) {
        fmt::print(out, "rankfold: deadlock: {}\n", v.message);
        for (const BlockedRank& b : v.blocked)
            fmt::print(out, "  rank {} is blocked in {}{}\n      waiting for {}\n", b.rank, b.call,
                       where(b.location), b.waiting_for);
    } else if (properties::whole_run(v)) {
        fmt::print(out, "rankfold: {}: {}\n", kind_name(v.kind), v.message);
    } else {
        const std::string kind = v.subkind.empty()
                                     ? std::string(kind_name(v.kind))
                                     : fmt::format("{} error ({})", kind_name(v.kind), v.subkind);
        fmt::print(out, "rankfold: {} in rank {}{}: {}\n", kind, v.rank, where(v.location),
                   v.message);
        for (std::size_t i = 0; i < v.backtrace.size(); ++i)
            fmt::print(out, "  #{} {} in {}\n", i, v.backtrace[i].short_text(),
                       v.backtrace[i].function.empty() ? "?" : v.backtrace[i].function);
        if (v.race)
            for (const RaceAccess* a : {&v.race->first, &v.race->second})
                fmt::print(out, "  {} rank {}: {}{}, {} byte{} at {:#x}\n",
                           a == &v.race->first ? "first: " : "second:", a->rank, a->access,
                           where(a->location), a->bytes, a->bytes == 1 ? "" : "s", a->address);
        if (v.contract)
            fmt::print(out, "  contract of {}: {}\n  failed: {}\n  supplied by the call{}\n",
                       v.contract->function, v.contract->contract, v.contract->failed,
                       where(v.contract->supplied_at));
    }
    if (!found.trace_path.empty())
        fmt::print(out, "rankfold: trace written to {}; replay it with:\n  {}\n", found.trace_path,
                   found.replay_command);
}
} // namespace

std::string verdict_text(const RunResult& result) {
    if (!result.violations.empty())
        return result.violations.size() == 1
                   ? "violation found"
                   : fmt::format("{} violations found", result.violations.size());
    if (!result.explored && result.limit)
        return fmt::format("limit reached ({}): no violation in the part run", *result.limit);
    if (!result.explored) return "no violation found";
    if (result.limit)
        return fmt::format("limit reached ({}): no violation in the part explored", *result.limit);
    if (result.liveness)
        return fmt::format("no violation of {} in {} product states", result.liveness->property,
                           result.stats.states);
    return fmt::format("no violation in {} states", result.stats.states);
}

void print_report(FILE* out, const RunResult& result, int ranks) {
    for (const Violation& w : result.warnings)
        fmt::print(out, "rankfold: warning: {} in rank {}{}: {}\n", w.subkind, w.rank,
                   where(w.location), w.message);
    for (const FoundViolation& found : result.violations) print_violation(out, found);
    const RunStats& s = result.stats;
    if (!result.explored) {
        fmt::print(out,
                   "rankfold: {} — {} ranks, {} MPI calls, {} matches, {:.3f} s, peak memory {} "
                   "MiB\n",
                   verdict_text(result), ranks, s.steps, s.matches, s.seconds,
                   s.peak_rss_bytes >> 20);
        return;
    }
    const std::string verdict = verdict_text(result);
    // Below 1e-12 (up to some 2.6e13 states) the chance is not worth a word.
    const std::string collision = s.fingerprint_collision_probability > 1e-12
                                      ? fmt::format("; fingerprint collision probability {:.1e}",
                                                    s.fingerprint_collision_probability)
                                      : std::string();
    if (result.liveness) {
        fmt::print(out,
                   "rankfold: {} — {} ranks, fairness {}; {} product states, {} product edges, "
                   "{} transitions, {} cycles checked{}; {} MPI calls; {:.3f} s, peak memory {} "
                   "MiB\n",
                   verdict, ranks, result.liveness->fairness, s.states,
                   result.liveness->product_edges, s.transitions, result.liveness->components,
                   collision, s.steps, s.seconds, s.peak_rss_bytes >> 20);
        return;
    }
    fmt::print(out,
               "rankfold: {} — {} ranks; {} states, {} transitions, {} executions, {} revisits{}; "
               "{} MPI calls; {:.3f} s, peak memory {} MiB\n",
               verdict, ranks, s.states, s.transitions, s.executions, s.revisits, collision,
               s.steps, s.seconds, s.peak_rss_bytes >> 20);
}

bool write_json_report(const std::string& path, const RunResult& result, FILE* terminal_out) {
    using nlohmann::json;
    json violations = json::array();
    for (const FoundViolation& found : result.violations) {
        const Violation& v = found.violation;
        json j{{"kind", kind_name(v.kind)}, {"rank", v.rank}, {"message", v.message}};
        if (!v.subkind.empty()) j["subkind"] = v.subkind;
        if (v.location) {
            j["file"] = v.location->file;
            j["line"] = v.location->line;
            j["function"] = v.location->function;
        }
        json blocked = json::array();
        for (const BlockedRank& b : v.blocked) {
            json jb{{"rank", b.rank}, {"call", b.call}, {"waiting_for", b.waiting_for}};
            if (b.location) {
                jb["file"] = b.location->file;
                jb["line"] = b.location->line;
            }
            blocked.push_back(jb);
        }
        if (!blocked.empty()) j["blocked"] = blocked;
        if (v.race) {
            const auto side = [](const RaceAccess& a) {
                json s{{"rank", a.rank},
                       {"access", a.access},
                       {"address", a.address},
                       {"bytes", a.bytes}};
                if (a.location) {
                    s["file"] = a.location->file;
                    s["line"] = a.location->line;
                }
                return s;
            };
            j["race"] = json{{"first", side(v.race->first)}, {"second", side(v.race->second)}};
        }
        if (v.contract) {
            json c{{"function", v.contract->function},
                   {"text", v.contract->contract},
                   {"failed", v.contract->failed}};
            if (v.contract->supplied_at) {
                c["supplied_file"] = v.contract->supplied_at->file;
                c["supplied_line"] = v.contract->supplied_at->line;
            }
            j["contract"] = c;
        }
        if (!found.trace_path.empty()) j["trace"] = found.trace_path;
        if (found.lasso) {
            j["prefix_length"] = found.prefix_length;
            j["cycle_length"] = found.cycle_length;
            if (result.liveness) j["formula"] = result.liveness->property;
        }
        violations.push_back(j);
    }
    json warnings = json::array();
    for (const Violation& w : result.warnings) {
        json j{{"kind", kind_name(w.kind)},
               {"subkind", w.subkind},
               {"rank", w.rank},
               {"message", w.message}};
        if (w.location) {
            j["file"] = w.location->file;
            j["line"] = w.location->line;
        }
        warnings.push_back(j);
    }
    const RunStats& s = result.stats;
    const char* verdict = !result.violations.empty() ? "violation" : result.limit ? "limit" : "ok";
    json report{{"verdict", verdict},
                {"violations", violations},
                {"warnings", warnings},
                {"stats",
                 {{"states", s.states},
                  {"warnings", result.warnings.size()},
                  {"transitions", s.transitions},
                  {"executions", s.executions},
                  {"revisits", s.revisits},
                  {"sleep_blocked", s.sleep_blocked},
                  {"max_depth", s.max_depth},
                  {"mpi_calls", s.steps},
                  {"matches", s.matches},
                  {"store_bytes", s.store_bytes},
                  {"fingerprint_collision_probability", s.fingerprint_collision_probability},
                  {"seconds", s.seconds},
                  {"explore_seconds", s.explore_seconds},
                  {"peak_rss_bytes", s.peak_rss_bytes}}}};
    if (result.limit) report["limit"] = *result.limit;
    if (result.liveness) {
        report["liveness"] = {{"property", result.liveness->property},
                              {"fairness", result.liveness->fairness},
                              {"propositions", result.liveness->propositions},
                              {"product_states", s.states},
                              {"product_edges", result.liveness->product_edges},
                              {"components", result.liveness->components}};
    }
    // The first counterexample's length in steps (what --shortest minimises; corpus pins it).
    if (!result.violations.empty() && !result.violations.front().steps.empty())
        report["stats"]["counterexample_steps"] = result.violations.front().steps.size();
    const std::string text = report.dump(2) + "\n";
    if (path == "-") {
        std::fputs(text.c_str(), terminal_out);
        return std::fflush(terminal_out) == 0;
    }
    std::ofstream f(path);
    f << text;
    return static_cast<bool>(f);
}

} // namespace rankfold::mc
