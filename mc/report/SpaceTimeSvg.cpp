#include "mc/report/SpaceTimeSvg.hpp"

#include "mc/report/HtmlText.hpp"
#include "mc/report/SpaceTimeLayout.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::mc {
namespace {

// Geometry, in pixels.
constexpr int kLeft = 80;   // lane labels
constexpr int kTop = 16;    // above the first lane
constexpr int kColumn = 44; // one step of the logical clock
constexpr int kLane = 46;   // one rank
constexpr int kBoxW = 34, kBoxH = 18;
constexpr int kNoteRoom = 420; // after the last column: what a blocked rank waits for

int x_of(int column) {
    return kLeft + column * kColumn + kColumn / 2;
}
int y_of(int rank) {
    return kTop + rank * kLane + kLane / 2;
}

// "MPI_Allreduce" -> "Allredu": what fits in a box; the title has the whole name.
std::string box_label(const std::string& call) {
    std::string s = call.starts_with("MPI_") ? call.substr(4) : call;
    if (s.size() > 7) s.resize(7);
    return s;
}

std::string step_text(const TraceStep& s) {
    std::string t = fmt::format("rank {}: {}", s.rank, s.call.empty() ? "(network)" : s.call);
    if (!s.detail.empty()) t += " " + s.detail;
    if (!s.location.empty()) t += "  (" + s.location + ")";
    return t;
}

void draw_lanes(std::string& out, int ranks, int width) {
    for (int r = 0; r < ranks; ++r)
        out += fmt::format(R"(<g class="lane" data-rank="{0}"><text x="8" y="{1}">rank {0}</text>)"
                           R"(<line x1="{2}" y1="{1}" x2="{3}" y2="{1}"/></g>)",
                           r, y_of(r), kLeft - 6, width - 10);
}

void draw_bands(std::string& out, const std::vector<TraceStep>& steps, const SpaceTimeLayout& l) {
    for (const SpaceTimeLayout::Band& b : l.bands) {
        int c0 = l.columns, c1 = 0, r0 = l.ranks, r1 = 0;
        for (std::size_t i : b.steps) {
            c0 = std::min(c0, l.column[i]);
            c1 = std::max(c1, l.column[i]);
            r0 = std::min(r0, steps[i].rank);
            r1 = std::max(r1, steps[i].rank);
        }
        const TraceStep& first = steps[b.steps.front()];
        out += fmt::format(R"(<rect class="band" x="{}" y="{}" width="{}" height="{}" rx="6">)"
                           R"(<title>{} {} ({} ranks)</title></rect>)",
                           x_of(c0) - kBoxW / 2 - 4, y_of(r0) - kBoxH / 2 - 6,
                           x_of(c1) - x_of(c0) + kBoxW + 8, y_of(r1) - y_of(r0) + kBoxH + 12,
                           html_escape(first.call), html_escape(first.detail), b.steps.size());
    }
}

void draw_arrows(std::string& out, const std::vector<TraceStep>& steps, const SpaceTimeLayout& l) {
    for (const SpaceTimeLayout::Arrow& a : l.arrows) {
        const int x1 = x_of(l.column[a.from]) + kBoxW / 2, y1 = y_of(steps[a.from].rank);
        if (a.to < 0) {
            // Towards the lane of the rank it was sent to, a third of the way: never received.
            const int dy = a.to_rank >= 0 ? (y_of(a.to_rank) - y1) / 3 : 0;
            out += fmt::format(R"(<line class="msg pending" x1="{}" y1="{}" x2="{}" y2="{}">)"
                               R"(<title>{}: never received</title></line>)",
                               x1, y1, x1 + kColumn / 2, y1 + dy,
                               html_escape(step_text(steps[a.from])));
            continue;
        }
        const auto to = static_cast<std::size_t>(a.to);
        const int x2 = x_of(l.column[to]) - 7, y2 = y_of(steps[to].rank);
        out += fmt::format(R"(<line class="msg{}" x1="{}" y1="{}" x2="{}" y2="{}" )"
                           R"svg(marker-end="url(#{})"><title>{}</title></line>)svg",
                           a.chosen ? " chosen" : "", x1, y1, x2, y2,
                           a.chosen ? "head-chosen" : "head", html_escape(step_text(steps[to])));
    }
}

void draw_steps(std::string& out, const std::vector<TraceStep>& steps, const SpaceTimeLayout& l,
                const std::vector<bool>& blocked_step) {
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const TraceStep& s = steps[i];
        if (s.rank < 0 || s.rank >= l.ranks) continue;
        const int x = x_of(l.column[i]), y = y_of(s.rank);
        std::string cls = s.call.empty() ? "step match" : "step call";
        if (s.choice) cls += " choice";
        if (s.collective) cls += " collective";
        if (blocked_step[i]) cls += " blocked";
        const std::string title = html_escape(step_text(s));
        if (s.call.empty()) {
            out += fmt::format(R"(<g class="{}" data-step="{}"><circle cx="{}" cy="{}" r="6"/>)"
                               R"(<title>{}</title></g>)",
                               cls, i, x, y, title);
        } else {
            out += fmt::format(
                R"(<g class="{}" data-step="{}"><rect x="{}" y="{}" width="{}" height="{}" rx="3"/>)"
                R"(<text x="{}" y="{}">{}</text><title>{}</title></g>)",
                cls, i, x - kBoxW / 2, y - kBoxH / 2, kBoxW, kBoxH, x, y + 4,
                html_escape(box_label(s.call)), title);
        }
    }
}

} // namespace

std::string space_time_svg(const std::vector<TraceStep>& steps, int ranks,
                           const Violation& violation) {
    const SpaceTimeLayout l = lay_out(steps, ranks);
    const int width = kLeft + std::max(l.columns, 1) * kColumn + kNoteRoom;
    const int height = kTop + ranks * kLane + 10;
    std::string out = fmt::format(
        R"(<svg class="spacetime" xmlns="http://www.w3.org/2000/svg" width="{0}" height="{1}" )"
        R"(viewBox="0 0 {0} {1}"><defs>)"
        R"(<marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" )"
        R"(markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#3a5f9f"/></marker>)"
        R"(<marker id="head-chosen" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" )"
        R"(markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#e07b00"/></marker>)"
        R"(</defs>)",
        width, height);
    draw_lanes(out, ranks, width);
    draw_bands(out, steps, l);
    draw_arrows(out, steps, l);

    // A deadlock: each blocked rank's last call, and what it waits for after the last column.
    std::vector<bool> blocked_step(steps.size(), false);
    const int note_x = kLeft + std::max(l.columns, 1) * kColumn + 8;
    for (const BlockedRank& b : violation.blocked) {
        if (b.rank < 0 || b.rank >= ranks) continue;
        if (l.last_step[b.rank] >= 0) blocked_step[l.last_step[b.rank]] = true;
        std::string note = "blocked: waits for " + b.waiting_for;
        std::string shown = note.size() > 64 ? note.substr(0, 61) + "..." : note;
        out += fmt::format(R"(<text class="blocked-note" x="{}" y="{}">{}<title>{}</title></text>)",
                           note_x, y_of(b.rank) + 4, html_escape(shown), html_escape(note));
    }
    draw_steps(out, steps, l, blocked_step);

    // The violation: beside the offending rank's last step (its blocked call in a deadlock).
    if (violation.rank >= 0 && violation.rank < ranks) {
        const long last = l.last_step[violation.rank];
        const int x = (last >= 0 ? x_of(l.column[last]) : kLeft) + kBoxW / 2 + 10;
        const int y = y_of(violation.rank) - kBoxH / 2 - 4;
        out +=
            fmt::format(R"(<g id="violation" class="violation"><circle cx="{}" cy="{}" r="8"/>)"
                        R"(<text x="{}" y="{}">!</text><title>{}: {}</title></g>)",
                        x, y, x, y + 4, kind_name(violation.kind), html_escape(violation.message));
    }
    return out + "</svg>";
}

} // namespace rankfold::mc
