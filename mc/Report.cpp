#include "mc/Report.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sys/resource.h>

#include <fstream>

namespace rankfold::mc {

const char* kind_name(ViolationKind kind) {
    switch (kind) {
    case ViolationKind::Deadlock:
        return "deadlock";
    case ViolationKind::Crash:
        return "crash";
    case ViolationKind::Assertion:
        return "assertion";
    case ViolationKind::Abort:
        return "abort";
    case ViolationKind::Exit:
        return "exit";
    case ViolationKind::MpiError:
        return "mpi-error";
    case ViolationKind::HeapError:
        return "heap-error";
    case ViolationKind::NonProgress:
        return "non-progress";
    }
    return "unknown";
}

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

void print_report(FILE* out, const RunResult& result, int ranks) {
    if (const auto& v = result.violation) {
        if (v->kind == ViolationKind::Deadlock) {
            fmt::print(out, "rankfold: deadlock: {}\n", v->message);
            for (const BlockedRank& b : v->blocked)
                fmt::print(out, "  rank {} is blocked in {}{}\n      waiting for {}\n", b.rank,
                           b.call, where(b.location), b.waiting_for);
        } else {
            fmt::print(out, "rankfold: {} in rank {}{}: {}\n", kind_name(v->kind), v->rank,
                       where(v->location), v->message);
            for (std::size_t i = 0; i < v->backtrace.size(); ++i)
                fmt::print(out, "  #{} {} in {}\n", i, v->backtrace[i].short_text(),
                           v->backtrace[i].function.empty() ? "?" : v->backtrace[i].function);
        }
    }
    fmt::print(
        out, "rankfold: {} — {} ranks, {} MPI calls, {} matches, {:.3f} s, peak memory {} MiB\n",
        result.violation ? "violation found" : "no violation found", ranks, result.stats.steps,
        result.stats.matches, result.stats.seconds, result.stats.peak_rss_bytes >> 20);
}

bool write_json_report(const std::string& path, const RunResult& result, FILE* terminal_out) {
    using nlohmann::json;
    json violations = json::array();
    if (const auto& v = result.violation) {
        json j{{"kind", kind_name(v->kind)}, {"rank", v->rank}, {"message", v->message}};
        if (v->location) {
            j["file"] = v->location->file;
            j["line"] = v->location->line;
            j["function"] = v->location->function;
        }
        json blocked = json::array();
        for (const BlockedRank& b : v->blocked) {
            json jb{{"rank", b.rank}, {"call", b.call}, {"waiting_for", b.waiting_for}};
            if (b.location) {
                jb["file"] = b.location->file;
                jb["line"] = b.location->line;
            }
            blocked.push_back(jb);
        }
        if (!blocked.empty()) j["blocked"] = blocked;
        violations.push_back(j);
    }
    json report{{"verdict", result.violation ? "violation" : "ok"},
                {"violations", violations},
                {"stats",
                 {{"states", 0},
                  {"transitions", result.stats.steps + result.stats.matches},
                  {"executions", result.stats.executions},
                  {"mpi_calls", result.stats.steps},
                  {"matches", result.stats.matches},
                  {"seconds", result.stats.seconds},
                  {"peak_rss_bytes", result.stats.peak_rss_bytes}}}};
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
