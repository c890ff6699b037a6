// Delivery of RMA operations as a choice (issue 15, scope 4): which pending operations the
// explorer may land (passive target epochs only, the oldest of each origin to each target),
// who could see a landing happen, landing one, and how landings depend on other transitions.
#include "mc/system/transitions/DependencyTable.hpp"
#include "tests/unit/RmaWindowFixture.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::mpi;
using namespace rankfold::mpi::rma_test;
using rankfold::mc::Transition;
using rankfold::mc::TransitionKind;

namespace {

void locked(Fixture& f, int rank, int target) {
    RankCall l = f.lock(rank, target, MPI_LOCK_SHARED);
    REQUIRE(f.w.issue(rank, l) == Blocked);
    REQUIRE(f.w.complete(rank, l) == Done);
}

RankCall get(Fixture& f, int rank, int* into, int target, MPI_Aint disp) {
    RankCall g = f.rma(rank, RmaKind::Get, target);
    g.rma.result = into;
    g.rma.result_count = 1;
    g.rma.result_type = MPI_INT;
    g.rma.target_disp = disp;
    g.rma.target_count = 1;
    g.rma.target_type = MPI_INT;
    return g;
}

Transition landing(int origin, int target, std::uint64_t begin, std::uint64_t end, bool writes,
                   bool fetches = false, std::uint32_t combine = 0) {
    Transition t{TransitionKind::RemoteLanding, origin, 0, target, begin, end};
    t.detail = rankfold::mc::landing_detail(writes, fetches, combine);
    return t;
}

} // namespace

TEST_CASE("RMA delivery: a put of a passive target epoch lands when the explorer says",
          "[rma][delivery]") {
    Fixture f;
    locked(f, 0, 1);
    const int value = 42;
    RankCall p = f.put(0, &value, 1, 2);
    REQUIRE(f.w.issue(0, p) == Done);
    std::vector<MpiWorld::OpenLanding> open;
    f.w.open_landings(open);
    REQUIRE(open.size() == 1);
    CHECK(open[0].origin == 0);
    CHECK(open[0].target == 1);
    CHECK(open[0].begin == reinterpret_cast<std::uintptr_t>(&f.memory[1][2]));
    CHECK(open[0].end == reinterpret_cast<std::uintptr_t>(&f.memory[1][3]));
    CHECK(open[0].writes);
    CHECK_FALSE(open[0].fetches);
    // The target's next step could read those bytes, whatever its call; the origin's cannot
    // (a put's data was taken at the call); a third rank's cannot.
    const RankCall barrier{.kind = CallKind::Collective, .name = "MPI_Barrier"};
    CHECK(f.w.observes_open_landing(1, barrier));
    CHECK_FALSE(f.w.observes_open_landing(0, barrier));
    CHECK_FALSE(f.w.observes_open_landing(2, barrier));
    // "Not yet": nothing changed at the target. Landed: the value is there, the queue empty.
    CHECK(f.memory[1][2] == 0);
    std::string why;
    std::uintptr_t site = 1;
    REQUIRE(f.w.land_open(open[0], why, site));
    CHECK(f.memory[1][2] == 42);
    f.w.open_landings(open);
    CHECK(open.empty());
    CHECK_FALSE(f.w.observes_open_landing(1, barrier));
    // The unlock finds nothing left to land.
    RankCall u = f.rma(0, RmaKind::Unlock, 1);
    CHECK(f.w.issue(0, u) == Done);
    CHECK(f.memory[1][2] == 42);
}

TEST_CASE("RMA delivery: operations of a fence epoch land at the fence, with no choice",
          "[rma][delivery]") {
    Fixture f;
    f.fence();
    const int value = 7;
    RankCall p = f.put(0, &value, 1, 0);
    REQUIRE(f.w.issue(0, p) == Done);
    std::vector<MpiWorld::OpenLanding> open;
    f.w.open_landings(open);
    CHECK(open.empty());
    const RankCall barrier{.kind = CallKind::Collective, .name = "MPI_Barrier"};
    CHECK_FALSE(f.w.observes_open_landing(1, barrier));
    CHECK(f.memory[1][0] == 0);
    f.fence();
    CHECK(f.memory[1][0] == 7);
}

TEST_CASE("RMA delivery: one origin's operations to one target land in issue order, a get "
          "is seen by its origin until the unlock that completes it",
          "[rma][delivery]") {
    Fixture f;
    locked(f, 0, 1);
    locked(f, 2, 1);
    const int a = 1, b = 2, c = 3;
    RankCall p1 = f.put(0, &a, 1, 0), p2 = f.put(0, &b, 1, 0), p3 = f.put(2, &c, 1, 1);
    REQUIRE(f.w.issue(0, p1) == Done);
    REQUIRE(f.w.issue(0, p2) == Done);
    REQUIRE(f.w.issue(2, p3) == Done);
    std::vector<MpiWorld::OpenLanding> open;
    f.w.open_landings(open);
    REQUIRE(open.size() == 2); // rank 0's first put and rank 2's put
    std::string why;
    std::uintptr_t site = 0;
    REQUIRE(f.w.land_open(open[0], why, site));
    CHECK(f.memory[1][0] == 1);
    f.w.open_landings(open);
    REQUIRE(open.size() == 2); // now rank 0's second put
    REQUIRE(f.w.land_open(open[0], why, site));
    CHECK(f.memory[1][0] == 2);

    f.memory[1][3] = 99;
    int fetched = -1;
    RankCall g = get(f, 2, &fetched, 1, 3);
    REQUIRE(f.w.issue(2, g) == Done);
    const RankCall barrier{.kind = CallKind::Collective, .name = "MPI_Barrier"};
    CHECK(f.w.observes_open_landing(2, barrier));
    // Its unlock lands it before the origin runs on: no choice there.
    const RankCall unlock = f.rma(2, RmaKind::Unlock, 1);
    f.w.open_landings(open);
    REQUIRE(open.size() == 1); // rank 2's put first (issue order), then its get
    REQUIRE(f.w.land_open(open[0], why, site));
    CHECK(f.w.observes_open_landing(2, barrier));
    CHECK(f.w.observes_open_landing(1, unlock)); // the target, still
    f.w.open_landings(open);
    REQUIRE(open.size() == 1);
    CHECK_FALSE(open[0].writes);
    CHECK(open[0].fetches);
    // Only the origin's own unlock of that target completes the get.
    Fixture other;
    locked(other, 2, 1);
    int into = 0;
    RankCall g2 = get(other, 2, &into, 1, 0);
    REQUIRE(other.w.issue(2, g2) == Done);
    CHECK_FALSE(other.w.observes_open_landing(2, other.rma(2, RmaKind::Unlock, 1)));
    CHECK(other.w.observes_open_landing(2, other.rma(2, RmaKind::Unlock, 0)));
    REQUIRE(f.w.land_open(open[0], why, site));
    CHECK(fetched == 99);
}

TEST_CASE("RMA delivery: a landing depends on the steps that can see it and on conflicting "
          "landings, on nothing else",
          "[rma][delivery][dependency]") {
    using rankfold::mc::dependent;
    const Transition put_0_to_1 = landing(0, 1, 100, 104, true);
    // The target's held-back step, any other choice of the target: dependent.
    CHECK(dependent(put_0_to_1, Transition{TransitionKind::LandingDeferred, 1, -1, 0}));
    CHECK(dependent(put_0_to_1, Transition{TransitionKind::TestOutcome, 1, -1, 0}));
    CHECK(dependent(Transition{TransitionKind::LockGrant, 1, 0, 2}, put_0_to_1));
    // A third rank's steps: independent.
    CHECK_FALSE(dependent(put_0_to_1, Transition{TransitionKind::LandingDeferred, 2, -1, 0}));
    CHECK_FALSE(dependent(put_0_to_1, Transition{TransitionKind::WildcardMatch, 2, 0, 1}));
    // Another origin's landing on overlapping bytes of the same target, one writing: dependent.
    CHECK(dependent(put_0_to_1, landing(2, 1, 102, 106, true)));
    CHECK(dependent(put_0_to_1, landing(2, 1, 100, 104, false)));
    // Disjoint bytes, another target, two reads: independent.
    CHECK_FALSE(dependent(put_0_to_1, landing(2, 1, 104, 108, true)));
    CHECK_FALSE(dependent(landing(0, 3, 100, 104, true), landing(2, 1, 100, 104, true)));
    CHECK_FALSE(dependent(landing(0, 1, 100, 104, false), landing(2, 1, 100, 104, false)));
    // Two accumulates with one operator and type commute; different ones do not.
    CHECK_FALSE(dependent(landing(0, 1, 100, 104, true, false, 7),
                          landing(2, 1, 100, 104, true, false, 7)));
    CHECK(dependent(landing(0, 1, 100, 104, true, false, 7),
                    landing(2, 1, 100, 104, true, false, 8)));
    // A get writes its origin's result buffer: a landing at that origin may overwrite it.
    CHECK(dependent(landing(0, 1, 100, 104, false, true), landing(2, 0, 500, 504, true)));
    CHECK(dependent(landing(0, 1, 100, 104, false, true),
                    Transition{TransitionKind::LandingDeferred, 0, -1, 0}));
    // Names written to traces.
    CHECK(rankfold::mc::kind_name(TransitionKind::RemoteLanding) == "remote-landing");
    CHECK(rankfold::mc::kind_name(TransitionKind::LandingDeferred) == "landing-deferred");
}
