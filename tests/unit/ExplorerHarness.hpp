// What the explorer tests share: a fresh exploration of a synthetic system, brute-force
// references (interleavings, their Mazurkiewicz classes, the reachable state graph) and random
// systems.
#pragma once

#include "SyntheticSystem.hpp"
#include "mc/search/Explorer.hpp"
#include "mc/search/VisitedStates.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace explorer_test {

using namespace rankfold::mc;
using namespace rankfold::mc::synthetic;
using rankfold::snapshot::Fingerprint;

using State = SystemState;
using Path = Explorer::Path;
using Key = std::vector<std::pair<int, int>>; // a path as (process, step) pairs: comparable

inline Transition step(int process, int index = 0) {
    return SyntheticSystem::label(process, index);
}

inline ExplorerOptions options(bool reduction, bool matching) {
    ExplorerOptions o;
    o.reduction = reduction;
    o.state_matching = matching;
    return o;
}
// Source sets on top of sleep sets (--reduction source).
inline ExplorerOptions source_options(bool matching) {
    ExplorerOptions o = options(true, matching);
    o.source_sets = true;
    return o;
}

struct Outcome {
    SearchEnd end = SearchEnd::Exhausted;
    ExplorerStats stats;
    std::vector<Path> violations; // what the handler received, in order
};

// Runs a fresh explorer from the system's initial state. `stop_after`: the handler asks to stop
// at that many violations (0: never).
inline Outcome explore(SyntheticSystem& sys, ExplorerOptions o,
                       const Explorer::LimitCheck& limit = {}, std::size_t stop_after = 0) {
    sys.reset();
    Explorer explorer(sys, o);
    Outcome out;
    out.end = explorer.run(
        [&](const Path& path) {
            CHECK(path == sys.trail()); // the path is the one that led to the current state
            out.violations.push_back(path);
            return stop_after == 0 || out.violations.size() < stop_after;
        },
        limit);
    out.stats = explorer.stats();
    CHECK(sys.live_saves() == 0); // every saved state is discarded, even after a stop
    CHECK(out.stats.transitions == sys.executed());
    return out;
}

// The lexicographic normal form of the trace of `run` (an acyclic system, where (process, step)
// names each event): repeatedly emit the smallest event none of whose dependent predecessors is
// still waiting. Equivalent runs have the same dependency graph, hence the same form.
inline Key normal_form(const SyntheticSystem& sys, const Path& run) {
    const std::size_t n = run.size();
    std::vector<int> waiting(n, 0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            if (sys.depends(run[i], run[j])) ++waiting[j];
    std::vector<bool> done(n, false);
    Key form;
    for (std::size_t k = 0; k < n; ++k) {
        std::size_t best = n;
        for (std::size_t i = 0; i < n; ++i)
            if (!done[i] && waiting[i] == 0 &&
                (best == n || std::pair(run[i].rank, run[i].outcome) <
                                  std::pair(run[best].rank, run[best].outcome)))
                best = i;
        done[best] = true;
        form.emplace_back(run[best].rank, run[best].outcome);
        for (std::size_t j = best + 1; j < n; ++j)
            if (!done[j] && sys.depends(run[best], run[j])) --waiting[j];
    }
    return form;
}

// Every maximal interleaving of an acyclic system.
struct Interleavings {
    std::uint64_t count = 0;
    std::set<Key> traces; // normal forms
    std::set<State> finals;
};

inline Interleavings interleavings(const SyntheticSystem& sys) {
    Interleavings out;
    Path path;
    std::vector<Transition> en;
    auto dfs = [&](auto& self, const State& s) -> void {
        if (path.size() > 64) FAIL("the system is not acyclic");
        sys.enabled_in(s, en);
        if (en.empty()) {
            ++out.count;
            out.traces.insert(normal_form(sys, path));
            out.finals.insert(s);
            return;
        }
        const std::vector<Transition> here = en;
        for (const Transition& t : here) {
            path.push_back(t);
            self(self, sys.successor(s, t));
            path.pop_back();
        }
    };
    dfs(dfs, sys.initial());
    return out;
}

// The reachable state graph (breadth first; any finite system).
struct Graph {
    std::set<State> states, finals;
    std::uint64_t edges = 0;
};

inline Graph state_graph(const SyntheticSystem& sys) {
    Graph g;
    std::deque<State> queue{sys.initial()};
    g.states.insert(sys.initial());
    std::vector<Transition> en;
    while (!queue.empty()) {
        const State s = queue.front();
        queue.pop_front();
        sys.enabled_in(s, en);
        if (en.empty()) g.finals.insert(s);
        g.edges += en.size();
        for (const Transition& t : en) {
            State n = sys.successor(s, t);
            if (g.states.insert(n).second) queue.push_back(std::move(n));
        }
    }
    return g;
}

// State matching without reduction expands each reachable state once, executes each edge once,
// and ends one execution per distinct final state.
inline void check_matching_only(SyntheticSystem& sys, const Graph& g) {
    const Outcome o = explore(sys, options(false, true));
    CHECK(o.end == SearchEnd::Exhausted);
    CHECK(sys.arrived() == g.states);
    CHECK(sys.finals() == g.finals);
    CHECK(o.stats.states == g.states.size());
    CHECK(o.stats.transitions == g.edges);
    CHECK(o.stats.revisits == g.edges - (g.states.size() - 1)); // every non-tree edge hits
    CHECK(o.stats.executions == g.finals.size());
    CHECK(o.stats.sleep_blocked == 0);
}

// Sleep sets with state matching lose no state: they save transitions, not states.
inline void check_matching_and_reduction(SyntheticSystem& sys, const Graph& g) {
    const Outcome o = explore(sys, options(true, true));
    CHECK(o.end == SearchEnd::Exhausted);
    CHECK(sys.arrived() == g.states);
    CHECK(sys.finals() == g.finals);
    CHECK(o.stats.states == g.states.size());
    CHECK(o.stats.executions == g.finals.size());
    CHECK(o.stats.transitions <= g.edges);
}

// Source sets with state matching reach every final state (the states on the way may be
// fewer), each once. (A transition may run twice from one state: a state reached again with
// fewer asleep is expanded by its races as well as by what the caching rule says is needed.)
inline void check_source_with_matching(SyntheticSystem& sys, const Graph& g) {
    const Outcome o = explore(sys, source_options(true));
    CHECK(o.end == SearchEnd::Exhausted);
    CHECK(sys.finals() == g.finals);
    CHECK(o.stats.executions == g.finals.size());
    CHECK(o.stats.states <= g.states.size());
}

// The whole comparison for an acyclic system.
inline void check_against_brute_force(SyntheticSystem& sys) {
    const Interleavings all = interleavings(sys);
    const Graph g = state_graph(sys);
    INFO("interleavings " << all.count << ", traces " << all.traces.size() << ", states "
                          << g.states.size());
    {
        const Outcome o = explore(sys, options(false, false));
        CHECK(o.end == SearchEnd::Exhausted);
        CHECK(o.stats.executions == all.count);
        CHECK(o.stats.sleep_blocked == 0);
        CHECK(o.stats.revisits == 0);
        CHECK(sys.finals() == all.finals);
    }
    {
        const Outcome o = explore(sys, options(true, false));
        CHECK(o.end == SearchEnd::Exhausted);
        CHECK(o.stats.executions == all.traces.size());
        // Not only the count: each trace is explored, and exactly once.
        std::set<Key> forms;
        for (const Path& run : sys.runs()) CHECK(forms.insert(normal_form(sys, run)).second);
        CHECK(forms == all.traces);
        CHECK(sys.finals() == all.finals);
        CHECK(sys.arrived() == g.states);
    }
    {
        // Source sets: fewer interleavings tried, still each trace exactly once.
        const Outcome o = explore(sys, source_options(false));
        CHECK(o.end == SearchEnd::Exhausted);
        CHECK(o.stats.executions == all.traces.size());
        std::set<Key> forms;
        for (const Path& run : sys.runs()) CHECK(forms.insert(normal_form(sys, run)).second);
        CHECK(forms == all.traces);
        CHECK(sys.finals() == all.finals);
    }
    check_matching_only(sys, g);
    check_matching_and_reduction(sys, g);
    check_source_with_matching(sys, g);
}

struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

// 2-4 processes, at most 9 steps in all, 1-3 variables; values stay in 0..2 so that looping
// systems are finite.
inline SyntheticSystem random_system(Rng& rng, bool loops) {
    SyntheticSystem sys;
    const int vars = 1 + rng.below(3);
    for (int v = 0; v < vars; ++v) sys.variable("v" + std::to_string(v));
    const int procs = 2 + rng.below(3);
    for (int p = 0; p < procs; ++p) {
        std::vector<Action> actions;
        const int steps = 1 + rng.below(procs == 4 ? 2 : 3);
        for (int i = 0; i < steps; ++i) {
            const int v = rng.below(vars);
            Action a;
            switch (rng.below(5)) {
            case 0:
                a = local();
                break;
            case 1:
                a = read(v);
                break;
            case 2:
                a = write(v, rng.below(3));
                break;
            case 3:
                a = update(v, 1, 3);
                break;
            default:
                a = copy(v, rng.below(vars), 1);
                a.modulus = 3;
            }
            if (rng.below(5) == 0) a.when(rng.below(vars), rng.below(2));
            actions.push_back(a);
        }
        sys.process(std::move(actions), loops && rng.below(2) == 0);
    }
    return sys;
}

} // namespace explorer_test
