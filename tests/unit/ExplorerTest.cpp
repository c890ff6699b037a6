// The search core on synthetic transition systems (SyntheticSystem.hpp), checked against brute
// force: every interleaving, the Mazurkiewicz traces they fall into, the reachable state graph.
#include "ExplorerHarness.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::mc;
using namespace rankfold::mc::synthetic;
using namespace explorer_test;
using rankfold::snapshot::Fingerprint;

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
        check_source_with_matching(sys, g);
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
        check_source_with_matching(sys, g);
    }
}
