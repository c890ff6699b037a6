#include "mc/search/SourceSets.hpp"

#include <algorithm>
#include <tuple>

namespace rankfold::mc {

namespace {

bool test(const std::vector<std::uint64_t>& bits, std::size_t i) {
    return i / 64 < bits.size() && ((bits[i / 64] >> (i % 64)) & 1U) != 0;
}
void set(std::vector<std::uint64_t>& bits, std::size_t i) {
    if (bits.size() <= i / 64) bits.resize(i / 64 + 1, 0);
    bits[i / 64] |= std::uint64_t{1} << (i % 64);
}
void unite(std::vector<std::uint64_t>& into, const std::vector<std::uint64_t>& from) {
    if (into.size() < from.size()) into.resize(from.size(), 0);
    for (std::size_t w = 0; w < from.size(); ++w) into[w] |= from[w];
}
bool intersect(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t w = 0; w < n; ++w)
        if ((a[w] & b[w]) != 0) return true;
    return false;
}

bool holds(const std::vector<Transition>& set, const Transition& t) {
    return std::ranges::find(set, t) != set.end();
}

} // namespace

bool SourceSets::dependent(const Transition& earlier, const Transition& later) const {
    if (space_.dependent(earlier, later)) return true;
    const Effects& a = earlier.effects;
    const Effects& b = later.effects;
    if (!a.known() && !b.known()) return false; // the space's relation is all
    // A transition not executed (waiting, or the space does not say) acts on its own process
    // and looks at everything of it.
    const std::uint64_t own_a = process_bit(earlier.rank);
    const std::uint64_t own_b = process_bit(later.rank);
    const std::uint64_t ran_a = a.ran | own_a;
    const std::uint64_t ran_b = b.ran | own_b;
    const std::uint64_t seen_a = a.known() ? a.observed : own_a;
    const std::uint64_t seen_b = b.known() ? b.observed : own_b;
    return (ran_a & ran_b) != 0 ||                          // both changed one process
           ((a.ran | a.requests) & seen_b) != 0 ||          // the later one saw what it did
           ((b.ran | b.requests) & seen_a) != 0 ||          // or the other way round
           (a.resumed & (ran_b | b.resumed | seen_b)) != 0; // it let the later one's go on
}

void SourceSets::push(const snapshot::Fingerprint& state, bool tracked, bool revisit,
                      const std::vector<Transition>& enabled, std::vector<Transition>& candidates) {
    const std::size_t level = levels_.size();
    Level& l = levels_.emplace_back();
    l.state = state;
    l.tracked = tracked;
    l.enabled = enabled;
    if (tracked) on_stack_.try_emplace(state, level);
    if (revisit || candidates.empty()) return;
    const int rank = candidates.front().rank;
    std::erase_if(candidates, [&](const Transition& t) { return t.rank != rank; });
}

bool SourceSets::tried(std::size_t level, const Transition& t) {
    return holds(backtrack_(level), t) || holds(levels_[level].given, t);
}

void SourceSets::add(std::size_t level, const Transition& t) {
    for (const Transition& e : levels_[level].enabled)
        if (e.rank == t.rank && !tried(level, e)) backtrack_(level).push_back(e);
}

void SourceSets::add_rank_or_all(std::size_t level, int rank) {
    for (const Transition& e : levels_[level].enabled)
        if (e.rank == rank) {
            add(level, e);
            return;
        }
    expand(level);
}

void SourceSets::expand(std::size_t level) {
    Level& l = levels_[level];
    if (l.expanded) return;
    l.expanded = true;
    ++full_expansions_;
    for (const Transition& e : l.enabled)
        if (!tried(level, e)) backtrack_(level).push_back(e);
}

// One pass from the latest event down: an event that happens before one already found to
// happen before `t` is covered (no race); otherwise a dependent event of another rank races.
void SourceSets::races_with(const Transition& t, Bits& before_t, std::vector<std::size_t>& out) {
    before_t.clear();
    out.clear();
    for (std::size_t i = levels_.size(); i-- > 0;) {
        const Level& l = levels_[i];
        if (!l.has_event || test(before_t, i)) continue;
        if (!dependent(l.event, t)) continue;
        if (l.event.rank != t.rank) out.push_back(i);
        set(before_t, i);
        unite(before_t, l.happens_before);
    }
}

void SourceSets::reverse(const Transition& t, const Bits& before_t,
                         const std::vector<std::size_t>& racing, std::size_t end) {
    std::vector<Transition> initials;
    for (std::size_t i : racing) {
        // v = notdep(e_i).t: the later events that do not happen after e_i, then t. Its
        // initials are those with no predecessor in v.
        Bits in_v;
        initials.clear();
        for (std::size_t k = i + 1; k < end; ++k) {
            const Level& l = levels_[k];
            if (test(l.happens_before, i)) continue;
            if (!intersect(l.happens_before, in_v)) initials.push_back(l.event);
            set(in_v, k);
        }
        if (!intersect(before_t, in_v)) initials.push_back(t);
        const bool covered =
            std::ranges::any_of(initials, [&](const Transition& w) { return tried(i, w); });
        if (covered) continue;
        const auto enabled_initial = std::ranges::find_if(
            initials, [&](const Transition& w) { return holds(levels_[i].enabled, w); });
        if (enabled_initial != initials.end())
            add(i, *enabled_initial);
        else
            add_rank_or_all(i, t.rank); // t was not enabled there (the race cannot reverse
                                        // as is): Flanagan and Godefroid's rule
    }
}

void SourceSets::executed(const Transition& t_taken) {
    Transition t = t_taken; // with what its closure did (SearchSpace::effects)
    t.effects = space_.effects();
    const std::size_t top = levels_.size() - 1;
    Bits before_t;
    std::vector<std::size_t> racing;
    races_with(t, before_t, racing);
    races_ += racing.size();
    reverse(t, before_t, racing, top);
    Level& l = levels_[top];
    l.event = t;
    l.has_event = true;
    l.happens_before = std::move(before_t);
}

void SourceSets::arrived(const std::vector<Transition>& enabled,
                         const std::vector<Transition>& waiting) {
    const std::size_t top = levels_.size() - 1;
    const Level& l = levels_[top];
    for (const Transition& e : l.enabled)
        if (e.rank != l.event.rank && !holds(enabled, e) && !tried(top, e)) add(top, e);
    race_waiting(waiting);
}

void SourceSets::violation_reached(const std::vector<Transition>& waiting) {
    expand(levels_.size() - 1);
    race_waiting(waiting);
}

void SourceSets::race_waiting(const std::vector<Transition>& waiting) {
    const std::size_t top = levels_.size() - 1;
    Bits before_w;
    std::vector<std::size_t> racing;
    for (const Transition& w : waiting) {
        // Part of the summary too: a branch that stops above must see this race.
        if (state_matching_) pool_.insert(levels_[top].summary, w);
        races_with(w, before_w, racing);
        races_ += racing.size();
        reverse(w, before_w, racing, levels_.size());
    }
}

void SourceSets::child_done() {
    Level& l = levels_.back();
    if (state_matching_) pool_.insert(l.summary, l.event);
    l.has_event = false;
    l.happens_before.clear();
}

bool SourceSets::collect(const snapshot::Fingerprint& state, SummaryPool::Set& summary,
                         std::vector<snapshot::Fingerprint>& seen) {
    if (std::ranges::find(seen, state) != seen.end()) return true;
    seen.push_back(state);
    const std::size_t top = levels_.size() - 1;
    if (auto s = on_stack_.find(state); s != on_stack_.end()) {
        // A cycle through the stack: expand it, and the top's summary waits for its head.
        for (std::size_t k = s->second; k <= top; ++k) expand(k);
        if (s->second < top) levels_[top].heads.push_back(s->second);
        return true;
    }
    if (unknown_.contains(state)) return false;
    auto it = stored_.find(state);
    // A leaf (final or sleep-blocked): nothing below it. A shared search cannot tell a leaf
    // from a state another explorer explored.
    if (it == stored_.end()) return !shared_;
    pool_.unite(summary, pool_.set(it->second.summary));
    const std::vector<snapshot::Fingerprint> heads = it->second.heads;
    bool known = true;
    for (const snapshot::Fingerprint& h : heads) known = collect(h, summary, seen) && known;
    return known;
}

void SourceSets::stopped_at(const snapshot::Fingerprint& state) {
    SummaryPool::Set summary;
    std::vector<snapshot::Fingerprint> seen;
    if (!collect(state, summary, seen)) {
        seen_elsewhere(levels_.size());
        return;
    }
    Bits before_u;
    std::vector<std::size_t> racing;
    // Every level from the first whose event is dependent with something below the state
    // seen before is expanded (Flanagan and Godefroid's rule, adding a single transition per
    // race, proved too little here: the summary does not carry the order of its events).
    const std::size_t first = first_racing_level(summary, levels_.size());
    for (std::size_t k = first; k < levels_.size(); ++k) expand(k);
    pool_.unite(levels_.back().summary, summary);
}

std::size_t SourceSets::first_racing_level(const SummaryPool::Set& summary,
                                           std::size_t below) const {
    std::size_t first = below;
    for (const SummaryPool::Entry entry : summary) {
        const Transition u = pool_.transition(entry);
        for (std::size_t i = 0; i < first; ++i) {
            const Level& l = levels_[i];
            if (l.has_event && l.event.rank != u.rank && dependent(l.event, u)) {
                first = i;
                break;
            }
        }
    }
    return first;
}

void SourceSets::give_from(std::size_t level, const std::vector<Transition>& given) {
    Level& from = levels_[level];
    from.given.insert(from.given.end(), given.begin(), given.end());
    for (std::size_t k = 0; k <= level; ++k) {
        expand(k);
        levels_[k].incomplete = true;
    }
}

void SourceSets::owned_elsewhere_top(const std::vector<Transition>& mine) {
    Level& l = levels_.back();
    for (const Transition& e : l.enabled)
        if (!holds(mine, e) && !holds(l.given, e)) l.given.push_back(e);
    l.expanded = true;
}

void SourceSets::revisited(std::size_t level, const snapshot::Fingerprint& state) {
    const auto it = stored_.find(state);
    if (unknown_.contains(state) || it == stored_.end()) {
        seen_elsewhere(level);
        return;
    }
    SummaryPool::Set summary = pool_.set(it->second.summary);
    std::vector<snapshot::Fingerprint> seen{state};
    bool known = true;
    const std::vector<snapshot::Fingerprint> heads = it->second.heads;
    for (const snapshot::Fingerprint& h : heads) known = collect(h, summary, seen) && known;
    if (!known) {
        seen_elsewhere(level);
        return;
    }
    // As stopped_at, for the levels under `level` (the events that led to the state).
    const std::size_t first = first_racing_level(summary, level);
    for (std::size_t k = first; k < level; ++k) expand(k);
    pool_.unite(levels_[level].summary, summary);
}

void SourceSets::forget(const snapshot::Fingerprint& state) {
    if (!state_matching_) return;
    if (auto s = on_stack_.find(state); s != on_stack_.end()) levels_[s->second].incomplete = true;
    if (auto it = stored_.find(state); it != stored_.end()) {
        pool_.release(it->second.summary);
        stored_.erase(it);
    }
    unknown_.insert(state);
}

void SourceSets::seen_elsewhere(std::size_t level) {
    for (std::size_t k = 0; k < level && k < levels_.size(); ++k) expand(k);
    // Its summary, as far as this explorer adds to it, is not all of it: nor is its parent's.
    if (level < levels_.size())
        levels_[level].incomplete = true;
    else if (!levels_.empty())
        levels_.back().incomplete = true;
}

void SourceSets::pop() {
    const std::size_t level = levels_.size() - 1;
    Level& l = levels_.back();
    if (l.incomplete) {
        if (level > 0) levels_[level - 1].incomplete = true;
        if (l.tracked && state_matching_) {
            if (auto it = stored_.find(l.state); it != stored_.end()) {
                pool_.release(it->second.summary); // the pool shares it: one user fewer
                stored_.erase(it);
            }
            unknown_.insert(l.state);
        }
    }
    if (l.tracked) {
        if (state_matching_ && !unknown_.contains(l.state)) {
            Stored& stored = stored_[l.state];
            if (!pool_.covers(pool_.set(stored.summary), l.summary)) {
                SummaryPool::Set united = pool_.set(stored.summary);
                pool_.unite(united, l.summary);
                const SummaryPool::Id previous = stored.summary;
                stored.summary = pool_.share(united);
                pool_.release(previous);
            }
            for (std::size_t h : l.heads)
                if (h < level &&
                    std::ranges::find(stored.heads, levels_[h].state) == stored.heads.end())
                    stored.heads.push_back(levels_[h].state);
        }
        if (auto s = on_stack_.find(l.state); s != on_stack_.end() && s->second == level)
            on_stack_.erase(s);
    }
    if (level > 0 && state_matching_) {
        Level& parent = levels_[level - 1];
        pool_.unite(parent.summary, l.summary);
        for (std::size_t h : l.heads)
            if (h < level - 1 && std::ranges::find(parent.heads, h) == parent.heads.end())
                parent.heads.push_back(h);
    }
    levels_.pop_back();
}

void SourceSets::clear() {
    levels_.clear();
    on_stack_.clear();
    // A shared search keeps what it stored across runs (its summaries with them).
    if (!shared_) {
        stored_.clear();
        pool_.clear();
    }
}

std::size_t SourceSets::summary_bytes() const {
    constexpr std::size_t kNode = 2 * sizeof(void*); // a hash-table node's bookkeeping
    std::size_t total = pool_.bytes();
    for (const auto& [state, stored] : stored_)
        total += sizeof(state) + sizeof(stored) + kNode +
                 stored.heads.capacity() * sizeof(snapshot::Fingerprint);
    return total;
}

} // namespace rankfold::mc
