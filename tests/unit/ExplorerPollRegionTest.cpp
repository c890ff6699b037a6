// Polling deadlocks as regions (PollRegions.hpp): a state whose steps are all polls answering
// "not yet", from which only such states can be reached, is a deadlock however many states the
// polls go round. On synthetic systems whose `polls` predicate says which states are poll-only,
// against a brute-force reference: the states from which every reachable state is poll-only.
#include "ExplorerHarness.hpp"
#include "mc/search/PollRegions.hpp"

#include <catch2/catch.hpp>

#include <deque>
#include <set>
#include <vector>

using namespace rankfold::mc;
using namespace rankfold::mc::synthetic;
using namespace explorer_test;

namespace {

bool poll_only(const SyntheticSystem& sys, const State& s) {
    std::vector<Transition> en;
    sys.enabled_in(s, en);
    return sys.polls && !en.empty() && sys.polls(s);
}

// The reachable states from which every reachable state (itself included) is poll-only.
std::set<State> stuck_states(const SyntheticSystem& sys) {
    const Graph g = state_graph(sys);
    std::set<State> stuck;
    std::vector<Transition> en;
    for (const State& from : g.states) {
        std::set<State> seen{from};
        std::deque<State> queue{from};
        bool closed = true;
        while (closed && !queue.empty()) {
            const State s = queue.front();
            queue.pop_front();
            if (!poll_only(sys, s)) {
                closed = false;
                break;
            }
            sys.enabled_in(s, en);
            for (const Transition& t : en) {
                State n = sys.successor(s, t);
                if (seen.insert(n).second) queue.push_back(std::move(n));
            }
        }
        if (closed) stuck.insert(from);
    }
    return stuck;
}

State state_after(const SyntheticSystem& sys, const Path& path) {
    State s = sys.initial();
    for (const Transition& t : path) s = sys.successor(s, t);
    return s;
}

// State matching, with sleep sets or source sets or neither: where regions are looked for.
std::vector<ExplorerOptions> matching_configs() {
    return {options(false, true), options(true, true), source_options(true)};
}

// Two processes that each flip their own variable for ever: every state is poll-only.
SyntheticSystem two_flippers() {
    SyntheticSystem sys;
    const int a = sys.variable("a"), b = sys.variable("b");
    sys.process({update(a, 1, 2)}, true);
    sys.process({update(b, 1, 2)}, true);
    sys.polls = [](const State&) { return true; };
    return sys;
}

} // namespace

TEST_CASE("PollRegions: components that escape, and the one that does not", "[explorer][polls]") {
    using Node = PollRegions::Node;
    const rankfold::snapshot::Fingerprint s0{1, 1}, s1{2, 2}, s2{3, 3};
    SECTION("a cycle of two poll-only states with nothing else: stuck at its root") {
        PollRegions r;
        Node n0 = r.enter(s0, true);
        Node n1 = r.enter(s1, true);
        r.seen(n1, s0); // s1 -> s0: back on the stack
        CHECK_FALSE(r.leave(n1, &n0));
        CHECK(r.leave(n0, nullptr));
        Node other = r.enter(s2, true);
        r.seen(other, s1); // a complete region (reported already): not another deadlock
        CHECK_FALSE(r.leave(other, nullptr));
    }
    SECTION("one member with a way out makes the whole cycle escape") {
        PollRegions r;
        Node n0 = r.enter(s0, true);
        Node n1 = r.enter(s1, true);
        r.seen(n1, s0);
        PollRegions::leaf(n1); // e.g. a test that succeeds, or a final state
        CHECK_FALSE(r.leave(n1, &n0));
        CHECK_FALSE(r.leave(n0, nullptr));
    }
    SECTION("a state that is not poll-only escapes by itself, and so does its parent") {
        PollRegions r;
        Node n0 = r.enter(s0, true);
        Node n1 = r.enter(s1, false);
        CHECK(n1.escapes);
        CHECK_FALSE(r.leave(n1, &n0));
        CHECK(n0.escapes);
        CHECK_FALSE(r.leave(n0, nullptr));
    }
    SECTION("a poll-only state this search never expanded is not claimed") {
        PollRegions r;
        Node n0 = r.enter(s0, true);
        r.seen(n0, s2);
        CHECK_FALSE(r.leave(n0, nullptr));
    }
}

TEST_CASE("Explorer: polls going round a cycle of states with no way out are a deadlock",
          "[explorer][polls]") {
    SyntheticSystem sys = two_flippers();
    REQUIRE(stuck_states(sys).size() == 4);
    for (const ExplorerOptions& base : matching_configs())
        for (const bool keep_going : {false, true}) {
            ExplorerOptions o = base;
            o.keep_going = keep_going;
            const Outcome out = explore(sys, o);
            CHECK(out.end == SearchEnd::Violation);
            REQUIRE(out.violations.size() == 1); // one region, reported once
            CHECK(out.stats.violations == 1);
            CHECK(out.stats.executions == 1);
            CHECK(sys.polling_deadlocks().size() == 1);
            CHECK(stuck_states(sys).contains(state_after(sys, out.violations[0])));
        }
}

TEST_CASE("Explorer: polls going round a cycle with a way out are not a deadlock",
          "[explorer][polls]") {
    SECTION("the other process gets out on its own (independent of the flips: sleep sets "
            "would leave its step asleep in some of the cycle's states)") {
        SyntheticSystem sys;
        const int a = sys.variable("a"), b = sys.variable("b");
        sys.process({update(a, 1, 2)}, true);
        sys.process({update(b, 1, 3)}, true);
        sys.polls = [b](const State& s) { return s.vars[b] != 2; };
        REQUIRE(stuck_states(sys).empty());
        for (const ExplorerOptions& o : matching_configs()) {
            const Outcome out = explore(sys, o);
            CHECK(out.end == SearchEnd::Exhausted);
            CHECK(out.violations.empty());
        }
    }
    SECTION("a waiting process can go on from one state of the cycle only") {
        SyntheticSystem sys;
        const int a = sys.variable("a");
        sys.process({update(a, 1, 3)}, true);
        sys.process({local().when(a, 2)});
        sys.polls = [a](const State& s) { return s.pc[1] == 0 && s.vars[a] != 2; };
        REQUIRE(stuck_states(sys).empty());
        for (const ExplorerOptions& o : matching_configs()) {
            const Outcome out = explore(sys, o);
            CHECK(out.end == SearchEnd::Exhausted);
            CHECK(out.violations.empty());
        }
    }
}

TEST_CASE("Explorer: a region of polls reached on one branch only", "[explorer][polls]") {
    // P0 and P1 race: whoever goes first disables the other. P1 first: P2's loop is disabled
    // too and the run ends. P0 first: P2 flips y for ever and nothing else can happen.
    SyntheticSystem sys;
    const int x = sys.variable("x"), y = sys.variable("y"), z = sys.variable("z");
    sys.process({write(x, 1).when(z, 0)});
    sys.process({write(z, 1).when(x, 0)});
    sys.process({update(y, 1, 2).when(z, 0)}, true);
    sys.polls = [&sys](const State& s) {
        std::vector<Transition> en;
        sys.enabled_in(s, en);
        return std::ranges::all_of(en, [](const Transition& t) { return t.rank == 2; });
    };
    const std::set<State> stuck = stuck_states(sys);
    REQUIRE(stuck.size() == 2);
    for (const ExplorerOptions& o : matching_configs()) {
        const Outcome out = explore(sys, o);
        CHECK(out.end == SearchEnd::Violation);
        REQUIRE(out.violations.size() == 1);
        const State at = state_after(sys, out.violations[0]);
        CHECK(stuck.contains(at));
        CHECK(at.vars[x] == 1);
    }
}

TEST_CASE("Explorer: a region cut by the state limit is not called a deadlock",
          "[explorer][polls]") {
    SyntheticSystem sys = two_flippers();
    const Outcome out =
        explore(sys, options(true, true), [](const ExplorerStats& s) { return s.states < 3; });
    CHECK(out.end == SearchEnd::Limit);
    CHECK(out.violations.empty());
}

TEST_CASE("Explorer: polling deadlocks on random systems match the brute-force regions",
          "[explorer][polls]") {
    Rng rng{20240531};
    int with_stuck = 0, without = 0, found_by_source_sets = 0; // the last: searched with
    for (int n = 0; n < 300; ++n) {
        SyntheticSystem sys = random_system(rng, true);
        const std::size_t states = state_graph(sys).states.size();
        if (states > 300) continue;
        // Poll-only: a pseudo-random half of the states, or those where variable 0 is not 2.
        const int kind = rng.below(2);
        const std::uint64_t salt = rng.next();
        sys.polls = [kind, salt](const State& s) {
            if (kind == 1) return s.vars[0] != 2;
            return ((SyntheticSystem::exact_fingerprint(s).low ^ salt) & 3U) != 0;
        };
        const std::set<State> stuck = stuck_states(sys);
        ++(stuck.empty() ? without : with_stuck);
        INFO("system " << n << ", " << states << " states, " << stuck.size() << " stuck");
        for (const ExplorerOptions& base : matching_configs()) {
            for (const bool keep_going : {false, true}) {
                ExplorerOptions o = base;
                o.keep_going = keep_going;
                const Outcome out = explore(sys, o);
                // Never a false alarm: every report is a state of a closed region.
                for (const Path& p : out.violations) CHECK(stuck.contains(state_after(sys, p)));
                // Sleep sets lose no state: a region there is found. Source sets may leave
                // states out, but a state of a region keeps only polls, which they expand
                // fully; no proof that they reach every region, so this checks they do here.
                CHECK(out.violations.empty() == stuck.empty());
                if (o.source_sets && !stuck.empty()) ++found_by_source_sets;
            }
        }
    }
    INFO(with_stuck << " systems with a closed region, " << without << " without");
    CHECK(with_stuck > 30);
    CHECK(without > 30);
    CHECK(found_by_source_sets > 0);
}
