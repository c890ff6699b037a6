// Source-set DPOR (SourceSets.hpp) against brute force on many random synthetic systems, with
// and without state matching, acyclic and looping: the same final states and the same violating
// states as a search of every interleaving; and fewer states than sleep sets where the
// processes are independent.
#include "ExplorerHarness.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::mc;
using namespace rankfold::mc::synthetic;
using namespace explorer_test;

namespace {

// What a search must find: the final states and the violating states reachable without
// passing through a violating state (a violation ends its branch).
struct Reachable {
    std::set<State> finals, violations;
};

Reachable reachable(const SyntheticSystem& sys) {
    Reachable r;
    std::set<State> seen{sys.initial()};
    std::deque<State> queue{sys.initial()};
    std::vector<Transition> en;
    while (!queue.empty()) {
        const State s = queue.front();
        queue.pop_front();
        if (sys.bad && sys.bad(s)) {
            r.violations.insert(s);
            continue;
        }
        sys.enabled_in(s, en);
        if (en.empty()) r.finals.insert(s);
        for (const Transition& t : en) {
            State n = sys.successor(s, t);
            if (seen.insert(n).second) queue.push_back(std::move(n));
        }
    }
    return r;
}

struct Found {
    std::set<State> finals, violations;
    ExplorerStats stats;
};

Found search(SyntheticSystem& sys, ExplorerOptions o) {
    o.keep_going = true;
    Found f;
    sys.reset();
    Explorer explorer(sys, o);
    const SearchEnd end = explorer.run([&](const Explorer::Path&) {
        f.violations.insert(sys.current());
        return true;
    });
    CHECK(end != SearchEnd::Limit);
    CHECK(sys.live_saves() == 0);
    f.finals = sys.finals();
    std::erase_if(f.finals, [&](const State& s) { return sys.bad && sys.bad(s); });
    f.stats = explorer.stats();
    return f;
}

// A violation that depends on the order of the processes' writes: a variable's final value
// (or a deadlock). Only final states: a reduction keeps the final states of every trace, not
// every state on the way (those differ between equivalent interleavings).
void add_violation(SyntheticSystem& sys, Rng& rng) {
    const int var = rng.below(static_cast<int>(sys.initial().vars.size()));
    const int value = 1 + rng.below(2);
    const SyntheticSystem* system = &sys;
    sys.bad = [system, var, value](const State& s) {
        std::vector<Transition> en;
        system->enabled_in(s, en);
        return en.empty() && s.vars[var] == value;
    };
}

void check_source_sets(SyntheticSystem& sys, bool acyclic) {
    const Reachable want = reachable(sys);
    INFO("finals " << want.finals.size() << ", violations " << want.violations.size());
    {
        const Found f = search(sys, source_options(true));
        CHECK(f.finals == want.finals);
        CHECK(f.violations == want.violations);
        const Found sleep = search(sys, options(true, true));
        CHECK(sleep.finals == want.finals);
        CHECK(sleep.violations == want.violations);
        CHECK(f.stats.states <= state_graph(sys).states.size());
    }
    if (acyclic) {
        const Found f = search(sys, source_options(false));
        CHECK(f.finals == want.finals);
        CHECK(f.violations == want.violations);
        const Found sleep = search(sys, options(true, false));
        CHECK(f.stats.executions <= sleep.stats.executions);
    }
}

} // namespace

TEST_CASE("Source sets: random acyclic systems, finals and violations as brute force",
          "[explorer][source]") {
    Rng rng{18};
    for (int n = 0; n < 2000; ++n) {
        SyntheticSystem sys = random_system(rng, false);
        if (n % 2 == 1) add_violation(sys, rng);
        INFO("random acyclic system " << n);
        check_source_sets(sys, true);
    }
}

TEST_CASE("Source sets: random looping systems under state matching, as brute force",
          "[explorer][source]") {
    Rng rng{1818};
    for (int n = 0; n < 2000; ++n) {
        SyntheticSystem sys = random_system(rng, true);
        if (n % 2 == 1) add_violation(sys, rng);
        INFO("random looping system " << n);
        check_source_sets(sys, false);
    }
}

TEST_CASE("Source sets: independent processes cost states linear in their number",
          "[explorer][source]") {
    // k processes of two steps, each on a variable of its own: one trace; sleep sets with
    // state matching still visit all 3^k states, source sets one interleaving's 2k + 1.
    for (int k = 1; k <= 6; ++k) {
        SyntheticSystem sys;
        for (int p = 0; p < k; ++p) {
            const int v = sys.variable("x" + std::to_string(p));
            sys.process({update(v, 1), update(v, 1)});
        }
        INFO(k << " processes");
        const Found source = search(sys, source_options(true));
        const Found sleep = search(sys, options(true, true));
        CHECK(source.stats.states == static_cast<std::uint64_t>(2 * k + 1));
        CHECK(source.stats.executions == 1);
        std::uint64_t all = 1;
        for (int p = 0; p < k; ++p) all *= 3;
        CHECK(sleep.stats.states == all);
        CHECK(source.finals == sleep.finals);
    }
}

TEST_CASE("Source sets: independent pairs, each with a race, cost 2^k traces but few states",
          "[explorer][source]") {
    // Pairs of processes racing on a variable of their own: each pair has two orders, so
    // there are 2^k traces and final states, which every search must reach; source sets reach
    // them through far fewer states than sleep sets, which visit every mix of the pairs' steps.
    for (int k = 1; k <= 4; ++k) {
        SyntheticSystem sys;
        for (int p = 0; p < k; ++p) {
            const int v = sys.variable("x" + std::to_string(p));
            sys.process({local(), write(v, 1)});
            sys.process({local(), write(v, 2)});
        }
        INFO(k << " pairs");
        const Reachable want = reachable(sys);
        const Found source = search(sys, source_options(true));
        const Found sleep = search(sys, options(true, true));
        CHECK(source.finals == want.finals);
        CHECK(want.finals.size() == (std::size_t{1} << k));
        CHECK(source.stats.states < sleep.stats.states);
        if (k == 4) CHECK(source.stats.states * 10 < sleep.stats.states);
    }
}

TEST_CASE("Source sets: a cycle on the stack expands its states", "[explorer][source]") {
    // A poller loops reading a flag another process sets: the cycle must not hide the set.
    SyntheticSystem sys;
    const int flag = sys.variable("flag");
    const int seen = sys.variable("seen");
    sys.process({read(flag)}, true);
    sys.process({write(flag, 1)});
    sys.process({copy(seen, flag)});
    sys.bad = [seen](const State& s) { return s.vars[seen] == 1; };
    const Reachable want = reachable(sys);
    const Found f = search(sys, source_options(true));
    CHECK(f.violations == want.violations);
    CHECK_FALSE(want.violations.empty());
}

TEST_CASE("Source sets: refused on a space that does not say they are sound",
          "[explorer][source]") {
    struct Unsound : SyntheticSystem {
        bool source_sets_sound() const override { return false; }
    } sys;
    sys.process({local()});
    CHECK_THROWS_AS(Explorer(sys, source_options(true)), std::invalid_argument);
    CHECK_NOTHROW(Explorer(sys, options(true, true)));
}
