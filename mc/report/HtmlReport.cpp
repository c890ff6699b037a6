#include "mc/report/HtmlReport.hpp"

#include "mc/report/HtmlText.hpp"
#include "mc/report/SpaceTimeSvg.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace rankfold::mc {
namespace {

// The page's only style and script, inline. The script does one thing: a click on a step shows
// its text under the drawing (hovering shows it too, as the SVG title).
constexpr const char* kStyle = R"(
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5em 2em; color: #1d1d1f; }
h1 { font-size: 1.4em; margin: 0 0 .2em; }
h2 { font-size: 1.1em; margin: 1.4em 0 .4em; }
.verdict { font-size: 1.15em; font-weight: 600; padding: .4em .7em; border-radius: 6px;
  display: inline-block; }
.verdict.bad { background: #fde7e7; color: #a40000; }
.verdict.good { background: #e5f6e8; color: #185c26; }
.run, pre { font-family: ui-monospace, monospace; }
pre { background: #f4f4f6; padding: .6em .8em; border-radius: 6px; overflow-x: auto; }
.scroll { overflow: auto; max-height: 75vh; border: 1px solid #ddd; border-radius: 6px; }
.legend span { margin-right: 1.2em; }
.legend .sw { display: inline-block; width: 12px; height: 12px; vertical-align: -1px;
  margin-right: .3em; border-radius: 2px; }
.step-info { min-height: 1.4em; font-family: ui-monospace, monospace; }
.scroll.folding svg.spacetime:not(.folded), .scroll:not(.folding) svg.folded { display: none; }
.fold rect { fill: #f4f4f6; stroke: #bbb; stroke-dasharray: 3 2; }
.fold text { text-anchor: middle; font-size: 9px; fill: #666; }
svg text { font: 11px ui-monospace, monospace; }
.lane line { stroke: #c8c8d0; stroke-width: 2; }
.lane text { font-weight: 600; fill: #444; }
.band { fill: #7d5ba6; fill-opacity: .12; stroke: #7d5ba6; stroke-opacity: .35; }
.msg { stroke: #3a5f9f; stroke-width: 1.6; }
.msg.chosen { stroke: #e07b00; stroke-width: 2.6; }
.msg.pending { stroke-dasharray: 4 3; stroke: #a40000; }
.step { cursor: pointer; }
.step.call rect { fill: #eef2fb; stroke: #3a5f9f; }
.step.call text { text-anchor: middle; font-size: 9px; }
.step.collective rect { fill: #efe8f7; stroke: #7d5ba6; }
.step.match circle { fill: #3a5f9f; }
.step.choice rect, .step.choice circle { stroke: #e07b00; stroke-width: 3; }
.step.match.choice circle { fill: #e07b00; }
.step.blocked rect { stroke: #a40000; stroke-width: 3; fill: #fde7e7; }
.blocked-note { fill: #a40000; }
.violation circle { fill: #a40000; }
.violation text { fill: #fff; font-weight: 700; text-anchor: middle; }
ol.story li.choice { color: #b35f00; font-weight: 600; }
ol.story li.cycle { list-style: none; color: #6a1b9a; font-weight: 600; }
.cycle line { stroke: #6a1b9a; stroke-width: 2; stroke-dasharray: 6 4; }
.cycle text { fill: #6a1b9a; font-weight: 600; }
table.stats td { padding: .1em 1.2em .1em 0; }
)";

constexpr const char* kScript = R"(
document.querySelectorAll('.fold-toggle').forEach(function (box) {
  box.addEventListener('change', function () {
    box.closest('section').querySelector('.scroll').classList.toggle('folding', box.checked);
  });
});
document.querySelectorAll('svg.spacetime').forEach(function (svg) {
  var info = svg.closest('section').querySelector('.step-info');
  svg.addEventListener('click', function (e) {
    var g = e.target.closest('.step');
    if (g && info) info.textContent = g.querySelector('title').textContent;
  });
});
)";

std::string where(const std::optional<CodeLocation>& loc) {
    if (!loc) return "";
    std::string s = " at " + loc->short_text();
    if (!loc->function.empty()) s += " (in " + loc->function + ")";
    return s;
}

std::string headline(const Violation& v) {
    std::string kind = kind_name(v.kind);
    if (!v.subkind.empty()) kind += " (" + v.subkind + ")";
    if (properties::whole_run(v)) return kind + ": " + v.message;
    return fmt::format("{} in rank {}{}: {}", kind, v.rank, where(v.location), v.message);
}

void violation_section(std::string& out, const FoundViolation& f, std::size_t n,
                       const RunHeading& h) {
    const Violation& v = f.violation;
    out += fmt::format(R"(<section class="violation-report" id="violation-{}"><h2>{}</h2>)", n + 1,
                       html_escape(headline(v)));
    if (!f.steps.empty()) {
        out +=
            R"(<p class="legend"><span><i class="sw" style="background:#eef2fb;border:1px solid #3a5f9f"></i>MPI call</span>)"
            R"(<span><i class="sw" style="background:#3a5f9f;border-radius:6px"></i>message delivered</span>)"
            R"(<span><i class="sw" style="background:#e07b00"></i>the explorer's choice</span>)"
            R"(<span><i class="sw" style="background:#efe8f7;border:1px solid #7d5ba6"></i>collective</span>)"
            R"(<span><i class="sw" style="background:#a40000"></i>blocked / violation</span></p>)";
        // A long story also comes folded (shown first): the stretches without a choice become
        // one narrow column each; the box above the drawing switches to the whole story.
        const std::string ids = n == 0 ? "" : fmt::format("v{}-", n + 1);
        if (worth_folding(f.steps, h.ranks)) {
            out += R"(<p><label><input type="checkbox" class="fold-toggle" checked> fold the )"
                   R"(stretches without a choice</label></p><div class="scroll folding">)";
            out += space_time_svg(f.steps, h.ranks, v, false, ids);
            out += space_time_svg(f.steps, h.ranks, v, true, fmt::format("folded{}-", n + 1));
            out += "</div>";
        } else {
            out += R"(<div class="scroll">)" + space_time_svg(f.steps, h.ranks, v, false, ids) +
                   "</div>";
        }
        out += R"(<p class="step-info">Hover over or click a step to see it.</p>)";
    }
    if (!v.blocked.empty()) {
        out += "<ul class=\"blocked\">";
        for (const BlockedRank& b : v.blocked)
            out += fmt::format("<li>rank {} is blocked in <code>{}</code>{}<br>waiting for {}</li>",
                               b.rank, html_escape(b.call), html_escape(where(b.location)),
                               html_escape(b.waiting_for));
        out += "</ul>";
    }
    if (!v.backtrace.empty()) {
        out += R"(<ol class="backtrace" start="0">)";
        for (const CodeLocation& loc : v.backtrace)
            out += fmt::format("<li><code>{}</code> in {}</li>", html_escape(loc.short_text()),
                               html_escape(loc.function.empty() ? "?" : loc.function));
        out += "</ol>";
    }
    if (v.contract)
        out += fmt::format("<p class=\"contract\">contract of <code>{}</code>: <code>{}</code><br>"
                           "failed: {}<br>supplied by the call{}</p>",
                           html_escape(v.contract->function), html_escape(v.contract->contract),
                           html_escape(v.contract->failed),
                           html_escape(where(v.contract->supplied_at)));
    if (!f.steps.empty()) {
        out += fmt::format("<details><summary>All {} steps</summary><ol class=\"story\">",
                           f.steps.size());
        for (const TraceStep& s : f.steps) {
            std::string line = fmt::format("rank {}: {}", s.rank, s.call);
            if (!s.detail.empty()) line += (s.call.empty() ? "" : " ") + s.detail;
            if (!s.location.empty()) line += "  (" + s.location + ")";
            if (s.cycle_start)
                out += "<li class=\"cycle\">the cycle: from here the steps below repeat "
                       "forever</li>";
            out += fmt::format("<li{}>{}</li>", s.choice ? " class=\"choice\"" : "",
                               html_escape(line));
        }
        out += "</ol></details>";
    } else if (!f.story.empty()) {
        out += "<pre class=\"story\">";
        for (const std::string& line : f.story) out += html_escape(line) + "\n";
        out += "</pre>";
    }
    if (!f.replay_command.empty())
        out += fmt::format("<p>Trace: <code>{}</code>. Replay it (also under a debugger):</p>"
                           "<pre class=\"replay\">{}</pre>",
                           html_escape(f.trace_path), html_escape(f.replay_command));
    out += "</section>";
}

void statistics(std::string& out, const RunResult& r) {
    const RunStats& s = r.stats;
    auto row = [&](const char* name, const std::string& value) {
        out += fmt::format("<tr><td>{}</td><td>{}</td></tr>", name, html_escape(value));
    };
    out += R"(<section id="statistics"><h2>Statistics</h2><table class="stats">)";
    if (r.explored) {
        row("states", std::to_string(s.states));
        row("transitions", std::to_string(s.transitions));
        row("executions", std::to_string(s.executions));
        row("revisits", std::to_string(s.revisits));
        row("deepest path", std::to_string(s.max_depth));
    }
    row("MPI calls", std::to_string(s.steps));
    row("matches", std::to_string(s.matches));
    row("time", fmt::format("{:.3f} s", s.seconds));
    row("peak memory", fmt::format("{} MiB", s.peak_rss_bytes >> 20));
    out += "</table></section>";
}

} // namespace

std::string html_report(const RunResult& result, const RunHeading& h) {
    std::string command = h.program;
    for (const std::string& a : h.arguments) command += " " + a;
    const bool bad = !result.violations.empty();
    std::string out =
        fmt::format("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                    "<meta name=\"viewport\" content=\"width=device-width\">"
                    "<title>Rankfold: {} — {}</title><style>{}</style></head><body>",
                    html_escape(verdict_text(result)), html_escape(h.program), kStyle);
    out += fmt::format("<h1>Rankfold report</h1><p class=\"run\">rankfold-run -np {}{}{} {}</p>",
                       h.ranks, h.options.empty() ? "" : " ", html_escape(h.options),
                       html_escape(command));
    out += fmt::format(R"(<p class="verdict {}" id="verdict">{}</p>)", bad ? "bad" : "good",
                       html_escape(verdict_text(result)));
    if (result.limit)
        out += fmt::format("<p>The run stopped early: {}.</p>", html_escape(*result.limit));
    for (std::size_t n = 0; n < result.violations.size(); ++n)
        violation_section(out, result.violations[n], n, h);
    if (!result.warnings.empty()) {
        out += "<section id=\"warnings\"><h2>Warnings</h2><ul>";
        for (const Violation& w : result.warnings)
            out += fmt::format("<li>{} in rank {}{}: {}</li>", html_escape(w.subkind), w.rank,
                               html_escape(where(w.location)), html_escape(w.message));
        out += "</ul></section>";
    }
    statistics(out, result);
    out += fmt::format("<script>{}</script></body></html>\n", kScript);
    return out;
}

bool write_html_report(const std::string& path, const RunResult& result, const RunHeading& heading,
                       FILE* terminal_out) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (file) file << html_report(result, heading);
    if (file.flush()) return true;
    fmt::print(terminal_out, "rankfold-run: cannot write the HTML report to {}: {}\n", path,
               std::strerror(errno));
    return false;
}

} // namespace rankfold::mc
