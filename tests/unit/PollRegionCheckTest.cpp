// The single run's polling checks: PollLoopWatch (when a run's poll-only states repeat) and
// PollRegionCheck (whether nothing but polling can happen from a poll-only state), the latter
// on synthetic systems against a reference computed the other way round: the states that can
// reach a state that is not poll-only, found backwards from those states.
#include "mc/search/PollRegionCheck.hpp"
#include "ExplorerHarness.hpp"
#include "mc/search/PollLoopWatch.hpp"

#include <catch2/catch.hpp>

#include <deque>
#include <map>
#include <set>
#include <vector>

using namespace rankfold::mc;
using namespace rankfold::mc::synthetic;
using namespace explorer_test;

namespace {

bool poll_only(const SyntheticSystem& sys, const State& s) {
    std::vector<Transition> en;
    sys.enabled_in(s, en);
    return sys.polls && !en.empty() && sys.polls(s) && !(sys.bad && sys.bad(s));
}

// Every reachable state with a path to it.
std::map<State, Path> paths_to_states(const SyntheticSystem& sys) {
    std::map<State, Path> paths{{sys.initial(), {}}};
    std::deque<State> queue{sys.initial()};
    std::vector<Transition> en;
    while (!queue.empty()) {
        const State s = queue.front();
        queue.pop_front();
        sys.enabled_in(s, en);
        for (const Transition& t : en) {
            const State n = sys.successor(s, t);
            if (paths.contains(n)) continue;
            Path p = paths.at(s);
            p.push_back(t);
            paths.emplace(n, std::move(p));
            queue.push_back(n);
        }
    }
    return paths;
}

// The reachable states that can reach one that is not poll-only (a way out): the fixpoint of
// "not poll-only, or has a successor with a way out".
std::set<State> with_way_out(const SyntheticSystem& sys, const std::map<State, Path>& states) {
    std::set<State> out;
    std::vector<Transition> en;
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& [s, path] : states) {
            if (out.contains(s)) continue;
            bool leaves = !poll_only(sys, s);
            sys.enabled_in(s, en);
            for (const Transition& t : en) leaves = leaves || out.contains(sys.successor(s, t));
            if (leaves) grew = out.insert(s).second || grew;
        }
    }
    return out;
}

PollRegionVerdict check_at(
    SyntheticSystem& sys, const Path& path,
    const std::function<bool(std::uint64_t)>& within = [](std::uint64_t) { return true; }) {
    sys.reset();
    for (const Transition& t : path) sys.execute(t);
    const PollRegionVerdict v = check_poll_region(sys, within);
    CHECK(sys.live_saves() == 0); // every saved state discarded
    return v;
}

} // namespace

TEST_CASE("PollLoopWatch: a repeated poll-only state after the warm-up, once per stretch",
          "[polls][singlerun]") {
    PollLoopWatch w;
    const rankfold::snapshot::Fingerprint a{1, 1}, b{2, 2};
    for (std::uint64_t i = 0; i < PollLoopWatch::kWarmup; ++i) CHECK_FALSE(w.wants_fingerprint());
    REQUIRE(w.wants_fingerprint());
    CHECK_FALSE(w.repeats(a));
    REQUIRE(w.wants_fingerprint());
    CHECK_FALSE(w.repeats(b));
    REQUIRE(w.wants_fingerprint());
    CHECK(w.repeats(a));
    w.judged(); // the region was searched: not again in this stretch
    CHECK_FALSE(w.wants_fingerprint());
    w.progress(); // a state that is not poll-only: a new stretch, warm-up again
    for (std::uint64_t i = 0; i < PollLoopWatch::kWarmup; ++i) CHECK_FALSE(w.wants_fingerprint());
    REQUIRE(w.wants_fingerprint());
    CHECK_FALSE(w.repeats(a)); // forgotten with the old stretch
}

TEST_CASE("PollRegionCheck: two pollers flipping their own variables are stuck",
          "[polls][singlerun]") {
    SyntheticSystem sys;
    const int a = sys.variable("a"), b = sys.variable("b");
    sys.process({update(a, 1, 2)}, true);
    sys.process({update(b, 1, 2)}, true);
    sys.polls = [](const State&) { return true; };
    CHECK(check_at(sys, {}) == PollRegionVerdict::Stuck);
    CHECK(check_at(sys, {step(0), step(1), step(1)}) == PollRegionVerdict::Stuck);
}

TEST_CASE("PollRegionCheck: a way out three steps of one process away is found",
          "[polls][singlerun]") {
    // From (0,0): only P1 three times in a row reaches b == 3, the one state that is not
    // poll-only; P0 flipping `a` in between goes round states that are all poll-only.
    SyntheticSystem sys;
    const int a = sys.variable("a"), b = sys.variable("b");
    sys.process({update(a, 1, 2)}, true);
    sys.process({update(b, 1, 4)}, true);
    sys.polls = [b](const State& s) { return s.vars[b] != 3; };
    CHECK(check_at(sys, {}) == PollRegionVerdict::Escapes);
    sys.polls = [a, b](const State& s) { return !(s.vars[a] == 1 && s.vars[b] == 3); };
    CHECK(check_at(sys, {}) == PollRegionVerdict::Escapes);
    sys.polls = [](const State&) { return true; };
    CHECK(check_at(sys, {}) == PollRegionVerdict::Stuck);
}

TEST_CASE("PollRegionCheck: a violation or a final state is a way out", "[polls][singlerun]") {
    SyntheticSystem sys;
    const int a = sys.variable("a");
    sys.process({update(a, 1, 5)}, true);
    sys.polls = [](const State&) { return true; };
    SECTION("a violation") {
        sys.bad = [a](const State& s) { return s.vars[a] == 4; };
        CHECK(check_at(sys, {}) == PollRegionVerdict::Escapes);
    }
    SECTION("no violation: stuck") {
        CHECK(check_at(sys, {}) == PollRegionVerdict::Stuck);
    }
    SECTION("a process that finishes alone does not end the polls of the other") {
        sys.process({local()});
        CHECK(check_at(sys, {}) == PollRegionVerdict::Stuck);
    }
}

TEST_CASE("PollRegionCheck: a final state is a way out", "[polls][singlerun]") {
    SyntheticSystem sys;
    sys.process({local(), local(), local()});
    sys.polls = [](const State&) { return true; };
    CHECK(check_at(sys, {}) == PollRegionVerdict::Escapes);
}

TEST_CASE("PollRegionCheck: an endless region (a counter) ends when the bound says so",
          "[polls][singlerun]") {
    SyntheticSystem sys;
    const int a = sys.variable("a"), n = sys.variable("n");
    sys.process({update(a, 1, 2)}, true);
    sys.process({update(n, 1)}, true); // counts for ever: no state repeats
    sys.polls = [](const State&) { return true; };
    std::uint64_t asked = 0;
    const auto within = [&](std::uint64_t states) {
        asked = states;
        return states < 50;
    };
    CHECK(check_at(sys, {}, within) == PollRegionVerdict::Unknown);
    CHECK(asked == 50);
}

TEST_CASE("PollRegionCheck on random systems matches the states without a way out",
          "[polls][singlerun]") {
    Rng rng{20250207};
    int stuck_checked = 0, escaping_checked = 0;
    for (int n = 0; n < 200; ++n) {
        SyntheticSystem sys = random_system(rng, true);
        const std::map<State, Path> states = paths_to_states(sys);
        if (states.size() > 200) continue;
        const std::uint64_t salt = rng.next();
        sys.polls = [salt](const State& s) {
            return ((SyntheticSystem::exact_fingerprint(s).low ^ salt) % 5U) != 0;
        };
        const std::set<State> leaves = with_way_out(sys, states);
        for (const auto& [s, path] : states) {
            if (!poll_only(sys, s)) continue;
            INFO("system " << n << ", " << states.size() << " states");
            const PollRegionVerdict v = check_at(sys, path);
            CHECK(v ==
                  (leaves.contains(s) ? PollRegionVerdict::Escapes : PollRegionVerdict::Stuck));
            ++(leaves.contains(s) ? escaping_checked : stuck_checked);
        }
    }
    INFO(stuck_checked << " stuck states checked, " << escaping_checked << " with a way out");
    CHECK(stuck_checked > 30);
    CHECK(escaping_checked > 30);
}
