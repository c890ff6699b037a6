// The search core on synthetic transition systems (SyntheticSystem.hpp), checked against brute
// force: every interleaving, the Mazurkiewicz traces they fall into, the reachable state graph.
#include "mc/search/Explorer.hpp"
#include "SyntheticSystem.hpp"
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

using namespace rankfold::mc;
using namespace rankfold::mc::synthetic;
using rankfold::snapshot::Fingerprint;

namespace {

using State = SystemState;
using Path = Explorer::Path;
using Key = std::vector<std::pair<int, int>>; // a path as (process, step) pairs: comparable

Transition step(int process, int index = 0) {
    return SyntheticSystem::label(process, index);
}

ExplorerOptions options(bool reduction, bool matching) {
    ExplorerOptions o;
    o.reduction = reduction;
    o.state_matching = matching;
    return o;
}

struct Outcome {
    SearchEnd end = SearchEnd::Exhausted;
    ExplorerStats stats;
    std::vector<Path> violations; // what the handler received, in order
};

// Runs a fresh explorer from the system's initial state. `stop_after`: the handler asks to stop
// at that many violations (0: never).
Outcome explore(SyntheticSystem& sys, ExplorerOptions o, const Explorer::LimitCheck& limit = {},
                std::size_t stop_after = 0) {
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
Key normal_form(const SyntheticSystem& sys, const Path& run) {
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

Interleavings interleavings(const SyntheticSystem& sys) {
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

Graph state_graph(const SyntheticSystem& sys) {
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
void check_matching_only(SyntheticSystem& sys, const Graph& g) {
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
void check_matching_and_reduction(SyntheticSystem& sys, const Graph& g) {
    const Outcome o = explore(sys, options(true, true));
    CHECK(o.end == SearchEnd::Exhausted);
    CHECK(sys.arrived() == g.states);
    CHECK(sys.finals() == g.finals);
    CHECK(o.stats.states == g.states.size());
    CHECK(o.stats.executions == g.finals.size());
    CHECK(o.stats.transitions <= g.edges);
}

// The whole comparison for an acyclic system.
void check_against_brute_force(SyntheticSystem& sys) {
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
    check_matching_only(sys, g);
    check_matching_and_reduction(sys, g);
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
SyntheticSystem random_system(Rng& rng, bool loops) {
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

} // namespace

TEST_CASE("Synthetic system: independent actions commute and never disable each other",
          "[explorer]") {
    // The brute-force trace counts are only meaningful if the declared relation is valid.
    Rng rng{7};
    for (int n = 0; n < 30; ++n) {
        const SyntheticSystem sys = random_system(rng, n % 2 == 1);
        std::vector<Transition> en;
        for (const State& s : state_graph(sys).states) {
            sys.enabled_in(s, en);
            for (const Transition& a : en)
                for (const Transition& b : en) {
                    REQUIRE(sys.depends(a, b) == sys.depends(b, a));
                    if (sys.depends(a, b)) continue;
                    const State sa = sys.successor(s, a), sb = sys.successor(s, b);
                    REQUIRE(sys.is_enabled(sa, b));
                    REQUIRE(sys.is_enabled(sb, a));
                    REQUIRE(sys.successor(sa, b) == sys.successor(sb, a));
                }
        }
    }
}

TEST_CASE("Explorer: one execution per Mazurkiewicz trace on small systems", "[explorer]") {
    SECTION("independent processes") {
        SyntheticSystem sys;
        for (int p = 0; p < 3; ++p) sys.process({local(), local()});
        check_against_brute_force(sys);
        CHECK(interleavings(sys).count == 90); // 6! / 2!^3
        CHECK(interleavings(sys).traces.size() == 1);
    }
    SECTION("one shared variable, writers only") {
        SyntheticSystem sys;
        const int x = sys.variable("x");
        for (int p = 0; p < 3; ++p) sys.process({write(x, p)});
        check_against_brute_force(sys);
        CHECK(interleavings(sys).traces.size() == 6); // every order counts
    }
    SECTION("readers commute, a writer orders them") {
        SyntheticSystem sys;
        const int x = sys.variable("x");
        sys.process({read(x)});
        sys.process({read(x)});
        sys.process({write(x, 1)});
        check_against_brute_force(sys);
        // the writer before both readers, between them (2 ways), after both
        CHECK(interleavings(sys).traces.size() == 4);
    }
    SECTION("reader/writer mix on two variables") {
        SyntheticSystem sys;
        const int x = sys.variable("x"), y = sys.variable("y");
        sys.process({write(x, 1), read(y)});
        sys.process({read(x), write(y, 2)});
        sys.process({read(y), local(), copy(x, y)});
        check_against_brute_force(sys);
    }
    SECTION("four processes, two steps each") {
        SyntheticSystem sys;
        const int x = sys.variable("x"), y = sys.variable("y"), z = sys.variable("z");
        sys.process({update(x, 1), read(y)});
        sys.process({read(x), write(z, 1)});
        sys.process({local(), update(y, 2)});
        sys.process({read(z), copy(x, z)});
        check_against_brute_force(sys);
    }
    SECTION("three processes, three steps each") {
        SyntheticSystem sys;
        const int x = sys.variable("x"), y = sys.variable("y");
        sys.process({write(x, 1), local(), read(y)});
        sys.process({read(x), update(y, 1), local()});
        sys.process({local(), read(y), write(x, 2)});
        check_against_brute_force(sys);
    }
    SECTION("guards: enabling, disabling and a process left waiting") {
        SyntheticSystem sys;
        const int flag = sys.variable("flag"), x = sys.variable("x");
        sys.process({local().when(flag, 1), update(x, 1)}); // waits for the flag
        sys.process({write(flag, 1), write(flag, 0)});      // raises it briefly
        sys.process({read(x), write(flag, 1).when(x, 0)});  // may raise it for good
        check_against_brute_force(sys);
        bool some_waiting = false;
        for (const State& s : interleavings(sys).finals) some_waiting |= sys.deadlocked(s);
        CHECK(some_waiting);
    }
}

TEST_CASE("Explorer: random acyclic systems match brute force", "[explorer]") {
    Rng rng{2024};
    for (int n = 0; n < 40; ++n) {
        SyntheticSystem sys = random_system(rng, false);
        INFO("random system " << n);
        check_against_brute_force(sys);
    }
}

TEST_CASE("Explorer: random looping systems, every reachable state is visited", "[explorer]") {
    Rng rng{99};
    for (int n = 0; n < 40; ++n) {
        SyntheticSystem sys = random_system(rng, true);
        INFO("random system " << n);
        const Graph g = state_graph(sys);
        check_matching_only(sys, g);
        check_matching_and_reduction(sys, g);
    }
}

TEST_CASE("Explorer: two independent single steps, by hand", "[explorer]") {
    SyntheticSystem sys;
    sys.process({local()}); // a
    sys.process({local()}); // b
    SECTION("sleep sets") {
        // s0 tries a then b. s0-a-> sa -b-> sab: final, the one execution. Back at s0, b runs
        // with a asleep (explored, independent of b): in sb the only enabled transition is
        // asleep, so the branch ends sleep-blocked. Transitions: a, b, b = 3 (the blocked
        // state is only seen to be blocked once b has run); states s0, sa, sab, sb = 4.
        const Outcome o = explore(sys, options(true, false));
        CHECK(o.end == SearchEnd::Exhausted);
        CHECK(o.stats.executions == 1);
        CHECK(o.stats.sleep_blocked == 1);
        CHECK(o.stats.transitions == 3);
        CHECK(o.stats.states == 4);
        CHECK(o.stats.revisits == 0);
        CHECK(o.stats.max_depth == 2);
        CHECK(sys.runs() == std::vector<Path>{{step(0), step(1)}});
    }
    SECTION("sleep sets and state matching: nothing to match") {
        const Outcome o = explore(sys, options(true, true));
        CHECK(o.stats.executions == 1);
        CHECK(o.stats.sleep_blocked == 1);
        CHECK(o.stats.transitions == 3);
        CHECK(o.stats.states == 4);
        CHECK(o.stats.revisits == 0);
    }
    SECTION("neither") {
        // Both orders to the end: 2 executions, 4 transitions; s0, sa, sab, sb, sba = 5.
        const Outcome o = explore(sys, options(false, false));
        CHECK(o.stats.executions == 2);
        CHECK(o.stats.transitions == 4);
        CHECK(o.stats.states == 5);
        CHECK(o.stats.sleep_blocked == 0);
    }
    SECTION("state matching alone") {
        // As "neither", but sba is sab again: a revisit, not a second state or execution.
        const Outcome o = explore(sys, options(false, true));
        CHECK(o.stats.executions == 1);
        CHECK(o.stats.transitions == 4);
        CHECK(o.stats.states == 4);
        CHECK(o.stats.revisits == 1);
    }
}

TEST_CASE("Explorer: two conflicting writes, by hand", "[explorer]") {
    // Dependent: b after a wakes nothing, so both orders run to the end and nothing sleeps.
    SyntheticSystem sys;
    const int x = sys.variable("x");
    sys.process({write(x, 1)});
    sys.process({write(x, 2)});
    const Outcome o = explore(sys, options(true, false));
    CHECK(o.stats.executions == 2);
    CHECK(o.stats.transitions == 4);
    CHECK(o.stats.sleep_blocked == 0);
    CHECK(sys.runs() == std::vector<Path>{{step(0), step(1)}, {step(1), step(0)}});
    CHECK(sys.finals().size() == 2); // x = 2 and x = 1
}

TEST_CASE("Explorer: state matching visits each state of a diamond once", "[explorer]") {
    // Two processes of two local steps: a 3x3 grid of states, 12 edges. The DFS tree has 8
    // edges; the other 4 each end at a state seen before (including the final corner once).
    SyntheticSystem sys;
    sys.process({local(), local()});
    sys.process({local(), local()});
    const Outcome o = explore(sys, options(false, true));
    CHECK(o.end == SearchEnd::Exhausted);
    CHECK(o.stats.states == 9);
    CHECK(sys.arrived().size() == 9);
    CHECK(o.stats.transitions == 12);
    CHECK(o.stats.revisits == 4);
    CHECK(o.stats.executions == 1);
    CHECK(o.stats.max_depth == 4);
    CHECK(o.stats.store_bytes > 0);
}

TEST_CASE("Explorer: looping systems terminate with state matching", "[explorer]") {
    SECTION("a process toggling a variable forever") {
        // (x=0) -> (x=1) -> (x=0): the second arrival at x=0 closes the cycle.
        SyntheticSystem sys;
        const int x = sys.variable("x");
        sys.process({update(x, 1, 2)}, true);
        for (bool reduction : {false, true}) {
            const Outcome o = explore(sys, options(reduction, true));
            CHECK(o.end == SearchEnd::Exhausted);
            CHECK(o.stats.states == 2);
            CHECK(o.stats.transitions == 2);
            CHECK(o.stats.revisits == 1);
            CHECK(o.stats.executions == 0);
        }
        // Without state matching only a depth bound ends it.
        ExplorerOptions bounded = options(true, false);
        bounded.max_depth = 10;
        const Outcome o = explore(sys, bounded);
        CHECK(o.end == SearchEnd::Limit);
        CHECK(o.stats.transitions == 10);
    }
    SECTION("a polling loop and the process it waits for") {
        // Rank 0 polls until the flag is up, then finishes; rank 1 toggles y forever and
        // raises the flag on the way; rank 2 counts x modulo 3 in a loop.
        SyntheticSystem sys;
        const int flag = sys.variable("flag"), y = sys.variable("y"), x = sys.variable("x");
        sys.process({read(flag).when(flag, 1), local()});
        sys.process({update(y, 1, 2), write(flag, 1)}, true);
        sys.process({update(x, 1, 3)}, true);
        const Graph g = state_graph(sys);
        CHECK(g.finals.empty()); // the loops never end
        check_matching_only(sys, g);
        check_matching_and_reduction(sys, g);
    }
}

TEST_CASE("Explorer: states sharing one 64-bit half of their fingerprint are told apart",
          "[explorer]") {
    // Looping processes and a guard: a reachable graph with cycles and a final state.
    SyntheticSystem sys;
    const int x = sys.variable("x"), y = sys.variable("y");
    sys.process({update(x, 1, 3), copy(y, x)}, true);
    sys.process({update(y, 2, 3)}, true);
    sys.process({read(x).when(x, 2), local()});
    const Graph g = state_graph(sys);
    REQUIRE(g.states.size() > 10);
    // Every state gets the same low half (also the store's bucket key) or the same high half;
    // the other half alone still separates them.
    for (const bool same_low : {true, false}) {
        sys.fingerprint_fn = [same_low](const State& s) {
            const Fingerprint exact = SyntheticSystem::exact_fingerprint(s);
            return same_low ? Fingerprint{0x5eed, exact.high} : Fingerprint{exact.low, 0x5eed};
        };
        check_matching_only(sys, g);
        check_matching_and_reduction(sys, g);
    }
    // The control: with both halves shared, every state is taken for the first one.
    sys.fingerprint_fn = [](const State&) { return Fingerprint{0x5eed, 0x5eed}; };
    const Outcome o = explore(sys, options(false, true));
    CHECK(o.stats.states == 1);
    CHECK(sys.arrived().size() < g.states.size());
    sys.fingerprint_fn = nullptr;
}

TEST_CASE("VisitedStates: the probability of a fingerprint collision", "[explorer]") {
    CHECK(VisitedStates::collision_probability(0) == 0.0L);
    CHECK(VisitedStates::collision_probability(1) == 0.0L);
    // Two states: one pair, 2^-128.
    CHECK(VisitedStates::collision_probability(2) == Approx(std::ldexp(1.0, -128)).epsilon(1e-9));
    // n(n-1)/2^129 while small: 1e9 states, about 1.47e-21.
    const long double billion = VisitedStates::collision_probability(1'000'000'000);
    CHECK(billion == Approx(1e18 / std::ldexp(1.0, 129)).epsilon(1e-6));
    // Monotonic, and a probability even where n^2 overflows 64 bits.
    CHECK(VisitedStates::collision_probability(std::uint64_t{1} << 40) > billion);
    const long double most = VisitedStates::collision_probability(~std::uint64_t{0});
    CHECK(most > 0.0L);
    CHECK(most <= 1.0L);
    // The statistic the explorer reports.
    SyntheticSystem sys;
    sys.process({local(), local()});
    sys.process({local(), local()});
    const Outcome o = explore(sys, options(false, true));
    CHECK(o.stats.fingerprint_collision_probability ==
          Approx(static_cast<double>(VisitedStates::collision_probability(9))).epsilon(1e-9));
    CHECK(o.stats.fingerprint_collision_probability > 0);
    CHECK(o.stats.fingerprint_collision_probability < 1e-30);
}

TEST_CASE("Explorer: Godefroid's caching rule", "[explorer]") {
    SECTION("the store") {
        VisitedStates store;
        SleepSet needed;
        const Transition t = step(0), u = step(1), w = step(2);
        const Fingerprint a{42, 1};
        CHECK(store.visit(a, {t, u}, needed));
        CHECK(needed.empty());
        CHECK_FALSE(store.visit(a, {u, w}, needed)); // needs Z \ Z'; now stored with Z ∩ Z'
        CHECK(needed == SleepSet{t});
        CHECK_FALSE(store.visit(a, {u}, needed)); // {u} ⊆ {u}: nothing new
        CHECK(needed.empty());
        CHECK_FALSE(store.visit(a, {}, needed));
        CHECK(needed == SleepSet{u});
        CHECK_FALSE(store.visit(a, {t, u, w}, needed)); // stored {} : everything was done
        CHECK(needed.empty());
        CHECK(store.size() == 1);
        CHECK(store.visit({7, 1}, {}, needed));
        CHECK(store.size() == 2);
        // Either half tells states apart.
        CHECK(store.visit({42, 2}, {}, needed));
        CHECK(store.visit({43, 1}, {}, needed));
        CHECK(store.size() == 4);
        CHECK(store.bytes() > 0);
        store.clear();
        CHECK(store.size() == 0);
    }
    SECTION("a state reached again with a smaller sleep set runs what slept") {
        // w raises g; t waits for g; z reads g (so z conflicts with w, not with t).
        //   s0 -w-> sw -t-> swt -z-> swtz (final)
        //           sw -z-> swz with t asleep: stored with {t}, sleep-blocked
        //   s0 -z-> sz (w woken: z conflicts with it) -w-> swz again, now with {} :
        //   the rule runs t (swz -t-> swtz, a second revisit) and stores swz with {}.
        // States s0 sw swt swtz swz sz = 6; transitions w t z z z w t = 7.
        SyntheticSystem sys;
        const int g = sys.variable("g");
        sys.process({write(g, 1)});        // w
        sys.process({local().when(g, 1)}); // t
        sys.process({read(g)});            // z
        sys.record_edges = true;
        const Outcome o = explore(sys, options(true, true));
        CHECK(o.stats.states == 6);
        CHECK(o.stats.transitions == 7);
        CHECK(o.stats.revisits == 2);
        CHECK(o.stats.executions == 1);
        CHECK(o.stats.sleep_blocked == 1);
        CHECK(o.stats.max_depth == 3);
        const State swz{{1, 0, 1}, {1}};
        const std::vector<std::pair<State, Transition>> tail{{State{{0, 0, 1}, {0}}, step(0)},
                                                             {swz, step(1)}};
        REQUIRE(sys.edges().size() == 7);
        CHECK(std::vector(sys.edges().end() - 2, sys.edges().end()) == tail);
        // Without matching the same sleep sets give the two traces (z before or after w).
        const Outcome plain = explore(sys, options(true, false));
        CHECK(plain.stats.executions == 2);
        CHECK(plain.stats.transitions == 7);
        CHECK(plain.stats.states == 8);
        CHECK(plain.stats.sleep_blocked == 1);
    }
    SECTION("cycles: caching without the rule would lose states here") {
        // Found by random search and shrunk: if a revisit ended its branch whatever its sleep
        // set, 3 of these 36 states would never be reached.
        SyntheticSystem sys;
        const int v0 = sys.variable("v0"), v1 = sys.variable("v1");
        Action from_v1 = copy(v0, v1, 1);
        from_v1.modulus = 3;
        sys.process({write(v0, 0), from_v1}, true);
        sys.process({update(v1, 1, 3)}, true);
        sys.process({local(), update(v1, 1, 3)}, true);
        sys.process({update(v0, 1, 3)}, true);
        const Graph g = state_graph(sys);
        CHECK(g.states.size() == 36);
        check_matching_and_reduction(sys, g);
    }
}

TEST_CASE("Explorer: violations", "[explorer]") {
    // Three writers of x; the last one wins. Bad: all done and x != 3 (rank 2 was not last).
    // The 6 orders, in DFS order: 012 021 102 120 201 210; four of them are bad.
    SyntheticSystem sys;
    const int x = sys.variable("x");
    for (int p = 0; p < 3; ++p) sys.process({write(x, p + 1)});
    sys.bad = [&](const State& s) { return sys.finished(s) && s.vars[x] != 3; };
    const std::vector<Path> bad_orders{{step(0), step(2), step(1)},
                                       {step(1), step(2), step(0)},
                                       {step(2), step(0), step(1)},
                                       {step(2), step(1), step(0)}};
    SECTION("stop at the first") {
        const Outcome o = explore(sys, options(true, false));
        CHECK(o.end == SearchEnd::Violation);
        CHECK(o.violations == std::vector<Path>{bad_orders[0]});
        CHECK(o.stats.violations == 1);
        CHECK(o.stats.executions == 2); // 012, then 021
    }
    SECTION("keep going") {
        ExplorerOptions all = options(true, false);
        all.keep_going = true;
        const Outcome o = explore(sys, all);
        CHECK(o.end == SearchEnd::Violation);
        CHECK(o.violations == bad_orders);
        CHECK(o.stats.violations == 4);
        CHECK(o.stats.executions == 6);
    }
    SECTION("keep going until the handler says stop") {
        ExplorerOptions all = options(true, false);
        all.keep_going = true;
        const Outcome o = explore(sys, all, {}, 2);
        CHECK(o.end == SearchEnd::Violation);
        CHECK(o.violations == std::vector<Path>(bad_orders.begin(), bad_orders.begin() + 2));
        CHECK(o.stats.violations == 2);
    }
    SECTION("a violating initial state has the empty path") {
        sys.bad = [](const State&) { return true; };
        const Outcome o = explore(sys, options(true, true));
        CHECK(o.end == SearchEnd::Violation);
        CHECK(o.violations == std::vector<Path>{Path{}});
        CHECK(o.stats.transitions == 0);
    }
}

TEST_CASE("Explorer: guards enable and disable, a waiting process is a deadlock", "[explorer]") {
    SECTION("a step enabled by another rank's write") {
        SyntheticSystem sys;
        const int x = sys.variable("x");
        sys.process({local().when(x, 1)});
        sys.process({write(x, 1)});
        const Outcome o = explore(sys, options(true, true));
        CHECK(o.stats.executions == 1);
        CHECK(o.stats.transitions == 2);
        CHECK(sys.runs() == std::vector<Path>{{step(1), step(0)}});
    }
    SECTION("a step disabled by another rank's write") {
        // Rank 0 runs only while x == 0; rank 1 sets x. Order 0 then 1 ends well; 1 first
        // leaves rank 0 waiting forever: a deadlock, found with its path.
        SyntheticSystem sys;
        const int x = sys.variable("x");
        sys.process({local().when(x, 0)});
        sys.process({write(x, 1)});
        const Outcome plain = explore(sys, options(true, false));
        CHECK(plain.stats.executions == 2);
        CHECK(sys.finals().size() == 2);
        sys.bad = [&](const State& s) { return sys.deadlocked(s); };
        const Outcome o = explore(sys, options(true, true));
        CHECK(o.end == SearchEnd::Violation);
        CHECK(o.violations == std::vector<Path>{{step(1)}});
        CHECK(o.stats.executions == 2);
    }
}

TEST_CASE("Explorer: limits", "[explorer]") {
    SyntheticSystem sys;
    sys.process({local(), local(), local(), local(), local()});
    SECTION("max_depth") {
        ExplorerOptions o = options(true, true);
        o.max_depth = 3;
        const Outcome cut = explore(sys, o);
        CHECK(cut.end == SearchEnd::Limit);
        CHECK(cut.stats.max_depth == 3);
        CHECK(cut.stats.transitions == 3);
        CHECK(cut.stats.executions == 0);
        o.max_depth = 5; // a final state at the bound is within it
        const Outcome whole = explore(sys, o);
        CHECK(whole.end == SearchEnd::Exhausted);
        CHECK(whole.stats.executions == 1);
    }
    SECTION("the limit callback") {
        int calls = 0;
        const Outcome o = explore(sys, options(true, true), [&](const ExplorerStats& s) {
            ++calls;
            return s.states < 3;
        });
        CHECK(o.end == SearchEnd::Limit);
        CHECK(calls == 3);
        CHECK(o.stats.states == 3);
        CHECK(o.stats.transitions == 2);
    }
    SECTION("a violation found before a limit is hit is what the search reports") {
        // Rank 0's single step is bad; rank 1 then runs into the depth bound.
        SyntheticSystem two;
        two.process({local()});
        two.process({local(), local(), local(), local(), local()});
        two.bad = [](const State& s) { return s.pc[0] == 1; };
        ExplorerOptions o = options(true, true);
        o.keep_going = true;
        o.max_depth = 3;
        const Outcome both = explore(two, o);
        CHECK(both.end == SearchEnd::Violation);
        CHECK(both.violations == std::vector<Path>{{step(0)}});
        CHECK(both.stats.max_depth == 3);
    }
}
