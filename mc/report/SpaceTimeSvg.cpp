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

// One drawing: the story, where its steps go and which columns are shown.
struct Drawing {
    const std::vector<TraceStep>& steps;
    const SpaceTimeLayout& layout;
    const ColumnFolding& shown;
    std::string ids; // prefix of the element ids, unique in the page

    bool visible(std::size_t i) const {
        const TraceStep& s = steps[i];
        return s.rank >= 0 && s.rank < layout.ranks && shown.shown[layout.column[i]] >= 0;
    }
    int x(std::size_t i) const { return x_of(shown.shown[layout.column[i]]); }
    int width() const { return kLeft + std::max(shown.columns, 1) * kColumn + kNoteRoom; }
};

void draw_lanes(std::string& out, const Drawing& d) {
    for (int r = 0; r < d.layout.ranks; ++r)
        out += fmt::format(R"(<g class="lane" data-rank="{0}"><text x="8" y="{1}">rank {0}</text>)"
                           R"(<line x1="{2}" y1="{1}" x2="{3}" y2="{1}"/></g>)",
                           r, y_of(r), kLeft - 6, d.width() - 10);
    for (const ColumnFolding::Fold& f : d.shown.folds)
        out += fmt::format(R"(<g class="fold"><rect x="{}" y="{}" width="{}" height="{}"/>)"
                           R"(<text x="{}" y="{}">{}</text><title>{} columns without a choice, )"
                           R"(folded</title></g>)",
                           x_of(f.at) - 6, kTop, 12, d.layout.ranks * kLane, x_of(f.at), kTop + 10,
                           f.hidden, f.hidden);
}

void draw_bands(std::string& out, const Drawing& d) {
    for (const SpaceTimeLayout::Band& b : d.layout.bands) {
        int x0 = 1 << 30, x1 = 0, r0 = d.layout.ranks, r1 = 0;
        for (std::size_t i : b.steps) {
            if (!d.visible(i)) continue;
            x0 = std::min(x0, d.x(i));
            x1 = std::max(x1, d.x(i));
            r0 = std::min(r0, d.steps[i].rank);
            r1 = std::max(r1, d.steps[i].rank);
        }
        if (x1 < x0) continue; // folded away
        const TraceStep& first = d.steps[b.steps.front()];
        out += fmt::format(R"(<rect class="band" x="{}" y="{}" width="{}" height="{}" rx="6">)"
                           R"(<title>{} {} ({} ranks)</title></rect>)",
                           x0 - kBoxW / 2 - 4, y_of(r0) - kBoxH / 2 - 6, x1 - x0 + kBoxW + 8,
                           y_of(r1) - y_of(r0) + kBoxH + 12, html_escape(first.call),
                           html_escape(first.detail), b.steps.size());
    }
}

void draw_arrows(std::string& out, const Drawing& d) {
    for (const SpaceTimeLayout::Arrow& a : d.layout.arrows) {
        if (!d.visible(a.from) || (a.to >= 0 && !d.visible(static_cast<std::size_t>(a.to))))
            continue;
        const int x1 = d.x(a.from) + kBoxW / 2, y1 = y_of(d.steps[a.from].rank);
        if (a.to < 0) {
            // Towards the lane of the rank it was sent to, a third of the way: never received.
            const int dy = a.to_rank >= 0 ? (y_of(a.to_rank) - y1) / 3 : 0;
            out += fmt::format(R"(<line class="msg pending" x1="{}" y1="{}" x2="{}" y2="{}">)"
                               R"(<title>{}: never received</title></line>)",
                               x1, y1, x1 + kColumn / 2, y1 + dy,
                               html_escape(step_text(d.steps[a.from])));
            continue;
        }
        const auto to = static_cast<std::size_t>(a.to);
        const int x2 = d.x(to) - 7, y2 = y_of(d.steps[to].rank);
        out += fmt::format(R"(<line class="msg{}" x1="{}" y1="{}" x2="{}" y2="{}" )"
                           R"svg(marker-end="url(#{}{})"><title>{}</title></line>)svg",
                           a.chosen ? " chosen" : "", x1, y1, x2, y2, d.ids,
                           a.chosen ? "head-chosen" : "head", html_escape(step_text(d.steps[to])));
    }
}

void draw_steps(std::string& out, const Drawing& d, const std::vector<bool>& blocked_step) {
    for (std::size_t i = 0; i < d.steps.size(); ++i) {
        if (!d.visible(i)) continue;
        const TraceStep& s = d.steps[i];
        const int x = d.x(i), y = y_of(s.rank);
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

// The violation's marks: each blocked rank's last call and what it waits for, the violation
// beside the offending rank's last step (its blocked call in a deadlock).
void draw_violation(std::string& out, const Drawing& d, const Violation& v) {
    std::vector<bool> blocked_step(d.steps.size(), false);
    const int note_x = kLeft + std::max(d.shown.columns, 1) * kColumn + 8;
    for (const BlockedRank& b : v.blocked) {
        if (b.rank < 0 || b.rank >= d.layout.ranks) continue;
        if (d.layout.last_step[b.rank] >= 0) blocked_step[d.layout.last_step[b.rank]] = true;
        const std::string note = "blocked: waits for " + b.waiting_for;
        const std::string shown = note.size() > 64 ? note.substr(0, 61) + "..." : note;
        out += fmt::format(R"(<text class="blocked-note" x="{}" y="{}">{}<title>{}</title></text>)",
                           note_x, y_of(b.rank) + 4, html_escape(shown), html_escape(note));
    }
    draw_steps(out, d, blocked_step);
    if (v.rank < 0 || v.rank >= d.layout.ranks) return;
    const long last = d.layout.last_step[v.rank];
    const int x = (last >= 0 && d.visible(last) ? d.x(last) : kLeft) + kBoxW / 2 + 10;
    const int y = y_of(v.rank) - kBoxH / 2 - 4;
    out += fmt::format(R"(<g id="{}violation" class="violation"><circle cx="{}" cy="{}" r="8"/>)"
                       R"(<text x="{}" y="{}">!</text><title>{}: {}</title></g>)",
                       d.ids, x, y, x, y + 4, kind_name(v.kind), html_escape(v.message));
}

// A lasso's cycle: a dashed line before the first column its steps use, "repeats" beside it.
void draw_cycle(std::string& out, const Drawing& d, int height) {
    const auto first = std::find_if(d.steps.begin(), d.steps.end(),
                                    [](const TraceStep& s) { return s.cycle_start; });
    if (first == d.steps.end()) return;
    int column = -1;
    for (auto i = static_cast<std::size_t>(first - d.steps.begin()); i < d.steps.size(); ++i)
        if (d.visible(i)) {
            const int c = d.shown.shown[d.layout.column[i]];
            column = column < 0 ? c : std::min(column, c);
        }
    if (column < 0) return;
    const int x = x_of(column) - kColumn / 2;
    out += fmt::format(R"(<g id="{}cycle" class="cycle"><line x1="{}" y1="2" x2="{}" y2="{}"/>)"
                       R"(<text x="{}" y="12">repeats forever →</text>)"
                       R"(<title>the cycle: from here the steps repeat forever</title></g>)",
                       d.ids, x, x, height - 2, x + 4);
}

} // namespace

std::string space_time_svg(const std::vector<TraceStep>& steps, int ranks,
                           const Violation& violation, bool folded, const std::string& ids) {
    const SpaceTimeLayout layout = lay_out(steps, ranks);
    const ColumnFolding shown = folded ? fold_columns(steps, layout) : no_folding(layout);
    const Drawing d{steps, layout, shown, ids};
    const int height = kTop + ranks * kLane + 10;
    std::string out = fmt::format(
        R"(<svg class="spacetime{2}" xmlns="http://www.w3.org/2000/svg" width="{0}" height="{1}" )"
        R"(viewBox="0 0 {0} {1}"><defs>)"
        R"(<marker id="{3}head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" )"
        R"(markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#3a5f9f"/></marker>)"
        R"(<marker id="{3}head-chosen" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" )"
        R"(markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#e07b00"/></marker>)"
        R"(</defs>)",
        d.width(), height, folded ? " folded" : "", ids);
    draw_lanes(out, d);
    draw_bands(out, d);
    draw_arrows(out, d);
    draw_violation(out, d, violation);
    draw_cycle(out, d, height);
    return out + "</svg>";
}

bool worth_folding(const std::vector<TraceStep>& steps, int ranks) {
    const SpaceTimeLayout layout = lay_out(steps, ranks);
    return !fold_columns(steps, layout).folds.empty();
}

} // namespace rankfold::mc
