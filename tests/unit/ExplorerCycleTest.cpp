// The explorer's cycle hook (ExplorerOptions::watch_cycles, Explorer::on_cycle), which
// --check-termination and --check-progress use: every cycle the search closes on its path is
// reported with where it starts and whether it passed a progress mark.
#include "ExplorerHarness.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

using namespace rankfold::mc;
using namespace rankfold::mc::synthetic;
using namespace explorer_test;

namespace {

// A synthetic system where every step of one process passes a progress mark.
class MarkedSystem : public SyntheticSystem {
public:
    int marking_process = -1;
    void execute(const Transition& t) override {
        SyntheticSystem::execute(t);
        if (t.rank == marking_process) ++marks_;
    }
    std::uint64_t progress_marks() override { return marks_; }

private:
    std::uint64_t marks_ = 0; // never rolled back, like ProgressMarks
};

struct Cycle {
    Path path;
    std::size_t start;
    bool progress;
};

// Explores with watch_cycles; `violates` decides what the handler answers.
std::vector<Cycle> cycles_of(SyntheticSystem& sys, bool matching, bool reduction,
                             bool violates = false, SearchEnd* end = nullptr) {
    sys.reset();
    ExplorerOptions o = options(reduction, matching);
    o.watch_cycles = true;
    Explorer explorer(sys, o);
    std::vector<Cycle> seen;
    explorer.on_cycle([&](const Path& path, std::size_t start, bool progress) {
        seen.push_back({path, start, progress});
        return violates;
    });
    const SearchEnd e = explorer.run([](const Path&) { return true; });
    if (end) *end = e;
    return seen;
}

} // namespace

TEST_CASE("Explorer: a loop that comes back to its first state is one cycle from the start",
          "[explorer][cycles]") {
    for (const bool matching : {true, false}) {
        SyntheticSystem sys;
        const int x = sys.variable("x");
        sys.process({update(x, 1, 3)}, true); // x = 0, 1, 2, 0, ...
        SearchEnd end = SearchEnd::Exhausted;
        const std::vector<Cycle> seen = cycles_of(sys, matching, true, true, &end);
        REQUIRE(seen.size() == 1);
        CHECK(seen[0].start == 0);
        CHECK(seen[0].path.size() == 3);
        CHECK_FALSE(seen[0].progress);
        CHECK(end == SearchEnd::Violation); // the handler called it one
    }
}

TEST_CASE("Explorer: a cycle after a prefix starts where the state repeats", "[explorer][cycles]") {
    SyntheticSystem sys;
    const int x = sys.variable("x"), y = sys.variable("y");
    sys.process({write(y, 1)});                      // once, then finished
    sys.process({update(x, 1, 2).when(y, 1)}, true); // loops only after it
    const std::vector<Cycle> seen = cycles_of(sys, true, true);
    REQUIRE(seen.size() == 1);
    CHECK(seen[0].start == 1);
    CHECK(seen[0].path.size() == 3);
}

TEST_CASE("Explorer: cycles tell whether they passed a progress mark", "[explorer][cycles]") {
    MarkedSystem sys;
    const int x = sys.variable("x"), y = sys.variable("y");
    sys.process({update(x, 1, 2)}, true);
    sys.marking_process = sys.process({update(y, 1, 2)}, true);
    for (const bool reduction : {true, false}) {
        const std::vector<Cycle> seen = cycles_of(sys, true, reduction);
        REQUIRE_FALSE(seen.empty());
        // The progress flag is exactly "a step of the marking process is in the cycle".
        for (const Cycle& c : seen) {
            const bool marked =
                std::any_of(c.path.begin() + static_cast<std::ptrdiff_t>(c.start), c.path.end(),
                            [&](const Transition& t) { return t.rank == sys.marking_process; });
            CHECK(c.progress == marked);
        }
        CHECK(std::any_of(seen.begin(), seen.end(), [](const Cycle& c) { return c.progress; }));
        CHECK(std::any_of(seen.begin(), seen.end(), [](const Cycle& c) { return !c.progress; }));
    }
}

TEST_CASE("Explorer: no cycle, no call; and none without watch_cycles", "[explorer][cycles]") {
    SyntheticSystem finite;
    const int x = finite.variable("x");
    finite.process({update(x, 1), update(x, 1)});
    finite.process({update(x, 2)});
    CHECK(cycles_of(finite, true, true).empty());

    SyntheticSystem looping;
    const int z = looping.variable("z");
    looping.process({update(z, 1, 3)}, true);
    looping.reset();
    Explorer explorer(looping, options(true, true));
    bool called = false;
    explorer.on_cycle([&](const Path&, std::size_t, bool) { return called = true; });
    CHECK(explorer.run([](const Path&) { return true; }) == SearchEnd::Exhausted);
    CHECK_FALSE(called);
}
