// The search core on synthetic systems, continued: fingerprints and the visited store, the
// caching rule, violations, guards and limits.
#include "ExplorerHarness.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::mc;
using namespace rankfold::mc::synthetic;
using namespace explorer_test;
using rankfold::snapshot::Fingerprint;

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
