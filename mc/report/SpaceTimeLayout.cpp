#include "mc/report/SpaceTimeLayout.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace rankfold::mc {

SpaceTimeLayout lay_out(const std::vector<TraceStep>& steps, int ranks) {
    SpaceTimeLayout l;
    l.ranks = ranks;
    l.column.assign(steps.size(), 0);
    l.last_step.assign(static_cast<std::size_t>(std::max(ranks, 0)), -1);
    std::vector<int> next_free(static_cast<std::size_t>(std::max(ranks, 0)), 0);
    std::unordered_map<std::uint64_t, std::size_t> posted_by; // message id -> the step that sent it
    std::unordered_map<std::uint64_t, bool> delivered;
    // (name, communicator) -> per rank, how many such calls it made so far; and the bands.
    std::map<std::pair<std::string, std::string>, std::vector<int>> occurrences;
    std::map<std::tuple<std::string, std::string, int>, std::size_t> band_of;

    for (std::size_t i = 0; i < steps.size(); ++i) {
        const TraceStep& s = steps[i];
        if (s.rank < 0 || s.rank >= ranks) continue; // a malformed story: leave it in column 0
        int col = next_free[s.rank];
        if (s.message != 0) {
            auto from = posted_by.find(s.message);
            if (from != posted_by.end()) {
                col = std::max(col, l.column[from->second] + 1);
                l.arrows.push_back({from->second, static_cast<long>(i), s.choice});
                delivered[s.message] = true;
            }
        }
        l.column[i] = col;
        next_free[s.rank] = col + 1;
        l.columns = std::max(l.columns, col + 1);
        l.last_step[s.rank] = static_cast<long>(i);
        for (const SentMessage& m : s.sent) posted_by.emplace(m.id, i);
        if (s.collective) {
            std::vector<int>& seen = occurrences[{s.call, s.detail}];
            seen.resize(static_cast<std::size_t>(ranks), 0);
            const int k = seen[s.rank]++;
            auto [it, fresh] = band_of.try_emplace({s.call, s.detail, k}, l.bands.size());
            if (fresh) l.bands.emplace_back();
            l.bands[it->second].steps.push_back(i);
        }
    }
    // Messages sent and never delivered: drawn as arrows into nowhere.
    for (std::size_t i = 0; i < steps.size(); ++i)
        for (const SentMessage& m : steps[i].sent)
            if (!delivered.contains(m.id)) l.arrows.push_back({i, -1, false, m.to});
    return l;
}

ColumnFolding no_folding(const SpaceTimeLayout& layout) {
    ColumnFolding f;
    f.columns = layout.columns;
    for (int c = 0; c < layout.columns; ++c) f.shown.push_back(c);
    return f;
}

ColumnFolding fold_columns(const std::vector<TraceStep>& steps, const SpaceTimeLayout& layout,
                           int min_run) {
    // A column is kept if a choice or a rank's last step is in it, or next to one; the first
    // column too (where the ranks start).
    std::vector<bool> keep(static_cast<std::size_t>(layout.columns), false);
    auto mark = [&](int c) {
        for (int d = c - 1; d <= c + 1; ++d)
            if (d >= 0 && d < layout.columns) keep[d] = true;
    };
    if (layout.columns > 0) keep[0] = true;
    for (std::size_t i = 0; i < steps.size(); ++i)
        if (steps[i].choice) mark(layout.column[i]);
    for (long last : layout.last_step)
        if (last >= 0) mark(layout.column[last]);
    for (const SpaceTimeLayout::Arrow& a : layout.arrows)
        if (a.chosen) mark(layout.column[a.from]);

    ColumnFolding f;
    f.shown.assign(keep.size(), -1);
    for (int c = 0; c < layout.columns;) {
        int end = c;
        while (end < layout.columns && !keep[end]) ++end;
        if (end - c >= min_run) {
            f.folds.push_back({f.columns, end - c});
            ++f.columns;
            c = end;
        } else {
            f.shown[c] = f.columns++;
            ++c;
        }
    }
    return f;
}

} // namespace rankfold::mc
