// One-sided communication in MpiWorld, driven directly as the entry points (ApiWindows.cpp,
// ApiRma.cpp) build the calls, with the test as the scheduler: each synchronisation mode's
// state machine (fence, lock/unlock, post/start/complete/wait), where operations land, and the
// usage checks.
#include "tests/unit/RmaWindowFixture.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <string>
#include <vector>

using namespace rankfold::mpi;
using namespace rankfold::mpi::rma_test;
using enum Progress;
using Catch::Matchers::Contains;

TEST_CASE("RMA windows: creation hands out one handle per window and fills the attributes",
          "[rma]") {
    Fixture f;
    CHECK(f.win[0] == f.win[1]);
    CHECK(f.win[1] == f.win[2]);
    CHECK(f.attributes[2].size == static_cast<MPI_Aint>(sizeof f.memory[2]));
    CHECK(f.attributes[2].disp_unit == static_cast<int>(sizeof(int)));
    CHECK(f.attributes[2].flavor == MPI_WIN_FLAVOR_CREATE);
    CHECK(f.attributes[2].model == MPI_WIN_UNIFIED);
    const auto v = f.w.windows().view(1, f.win[1]);
    REQUIRE(v);
    CHECK(v->my_rank == 1);
    CHECK(f.w.windows().at(v->index).members[1].base ==
          reinterpret_cast<std::uintptr_t>(f.memory[1]));
}

TEST_CASE("RMA fence: operations land at the closing fence, not at the call", "[rma]") {
    Fixture f;
    f.fence();
    const int value = 42;
    f.memory[2][1] = 7;
    int fetched = -1;
    RankCall p = f.put(0, &value, 1, 3);
    CHECK(f.w.issue(0, p) == Done);
    RankCall g = f.rma(1, RmaKind::Get, 2);
    g.rma.result = &fetched;
    g.rma.result_count = 1;
    g.rma.result_type = MPI_INT;
    g.rma.target_disp = 1;
    g.rma.target_count = 1;
    g.rma.target_type = MPI_INT;
    CHECK(f.w.issue(1, g) == Done);
    // Issued, not landed: a race-free program cannot tell, and landing at the fence keeps the
    // state space small.
    CHECK(f.memory[1][3] == 0);
    CHECK(fetched == -1);
    f.fence();
    CHECK(f.memory[1][3] == 42);
    CHECK(fetched == 7);
}

TEST_CASE("RMA accumulate family: SUM, REPLACE, NO_OP, fetch-and-op and compare-and-swap",
          "[rma]") {
    Fixture f;
    f.fence();
    f.memory[0][0] = 10;
    f.memory[0][1] = 5;
    const int three = 3, nine = 9, five = 5;
    int before = -1, swapped = -1;
    RankCall acc = f.put(1, &three, 0, 0);
    acc.rma.kind = RmaKind::Accumulate;
    acc.rma.op = MPI_SUM;
    CHECK(f.w.issue(1, acc) == Done);
    RankCall fop = f.put(2, &three, 0, 0);
    fop.rma.kind = RmaKind::FetchAndOp;
    fop.rma.op = MPI_SUM;
    fop.rma.result = &before;
    fop.rma.result_count = 1;
    fop.rma.result_type = MPI_INT;
    CHECK(f.w.issue(2, fop) == Done);
    RankCall cas = f.put(1, &nine, 0, 1);
    cas.rma.kind = RmaKind::CompareAndSwap;
    cas.rma.compare = &five;
    cas.rma.result = &swapped;
    cas.rma.result_count = 1;
    cas.rma.result_type = MPI_INT;
    CHECK(f.w.issue(1, cas) == Done);
    f.fence();
    // Landed origin by origin: rank 1's accumulate, then rank 2's fetch-and-op sees 13.
    CHECK(f.memory[0][0] == 16);
    CHECK(before == 13);
    CHECK(f.memory[0][1] == 9);
    CHECK(swapped == 5);
}

TEST_CASE("RMA passive target: exclusive locks exclude, shared ones share, unlock lands", "[rma]") {
    Fixture f;
    RankCall a = f.lock(1, 0, MPI_LOCK_EXCLUSIVE), b = f.lock(2, 0, MPI_LOCK_EXCLUSIVE);
    CHECK(f.w.issue(1, a) == Blocked);
    CHECK(f.w.issue(2, b) == Blocked);
    // Both could get it: the closure leaves the grant to the explorer.
    CHECK(MpiWorld::requests_lock(a));
    CHECK(f.w.ready(1, a));
    CHECK(f.w.ready(2, b));
    const auto request = f.w.lock_request(2, b);
    REQUIRE(request);
    CHECK(request->target == 0);
    CHECK(request->exclusive);
    CHECK(f.w.complete(2, b) == Done); // rank 2 first
    CHECK_FALSE(f.w.ready(1, a));
    const int value = 5;
    RankCall p = f.put(2, &value, 0, 2);
    CHECK(f.w.issue(2, p) == Done);
    CHECK(f.memory[0][2] == 0);
    RankCall u = f.rma(2, RmaKind::Unlock, 0);
    CHECK(f.w.issue(2, u) == Done);
    CHECK(f.memory[0][2] == 5);
    CHECK(f.w.ready(1, a));
    CHECK(f.w.complete(1, a) == Done);

    // Shared locks: a second shared request is grantable while the first is held.
    RankCall s = f.lock(2, 0, MPI_LOCK_SHARED);
    CHECK(f.w.issue(2, s) == Blocked);
    CHECK_FALSE(f.w.ready(2, s)); // rank 1 holds it exclusively
    RankCall u1 = f.rma(1, RmaKind::Unlock, 0);
    CHECK(f.w.issue(1, u1) == Done);
    CHECK(f.w.complete(2, s) == Done);
    RankCall s1 = f.lock(1, 0, MPI_LOCK_SHARED);
    CHECK(f.w.issue(1, s1) == Blocked);
    CHECK(f.w.ready(1, s1));
    RankCall all = f.rma(0, RmaKind::LockAll);
    CHECK(f.w.issue(0, all) == Blocked);
    CHECK(f.w.ready(0, all)); // shared on every target
    RankCall flush = f.rma(2, RmaKind::Flush, 0);
    CHECK(f.w.issue(2, flush) == Done);
    RankCall u2 = f.rma(2, RmaKind::Unlock, 0);
    CHECK(f.w.issue(2, u2) == Done);
}

TEST_CASE("RMA general active target: start waits for post, wait for complete", "[rma]") {
    Fixture f;
    // Rank 1 exposes its window to rank 0; rank 0 accesses rank 1. Groups are world ranks.
    const MPI_Group origin_group = f.w.rank_state(1).groups.add({0}, 0);
    const MPI_Group target_group = f.w.rank_state(0).groups.add({1}, 0);
    RankCall start = f.rma(0, RmaKind::Start);
    start.rma.group = target_group;
    CHECK(f.w.issue(0, start) == Blocked);
    CHECK_FALSE(f.w.ready(0, start));
    RankCall post = f.rma(1, RmaKind::Post);
    post.rma.group = origin_group;
    CHECK(f.w.issue(1, post) == Done);
    CHECK(f.w.ready(0, start));
    CHECK(f.w.complete(0, start) == Done);
    const int value = 9;
    RankCall p = f.put(0, &value, 1, 0);
    CHECK(f.w.issue(0, p) == Done);
    RankCall wait = f.rma(1, RmaKind::Wait);
    CHECK(f.w.issue(1, wait) == Blocked);
    CHECK_FALSE(f.w.ready(1, wait));
    RankCall complete = f.rma(0, RmaKind::Complete);
    CHECK(f.w.issue(0, complete) == Done);
    CHECK(f.memory[1][0] == 9);
    CHECK(f.w.ready(1, wait));
    CHECK(f.w.complete(1, wait) == Done);
    // The exposure epoch is over: waiting again is a usage error.
    RankCall again = f.rma(1, RmaKind::Wait);
    CHECK(f.w.issue(1, again) == Failed);
    CHECK(f.misuse(1) == "wait-without-post");
}

TEST_CASE("RMA usage checks name the misuse", "[rma]") {
    Fixture f;
    const int value = 1;
    SECTION("an operation outside any epoch") {
        RankCall p = f.put(0, &value, 1, 0);
        CHECK(f.w.issue(0, p) == Failed);
        CHECK(f.misuse(0) == "rma-outside-epoch");
    }
    SECTION("unlock without lock, complete without start") {
        RankCall u = f.rma(0, RmaKind::Unlock, 1);
        CHECK(f.w.issue(0, u) == Failed);
        CHECK(f.misuse(0) == "unlock-without-lock");
        RankCall c = f.rma(1, RmaKind::Complete);
        CHECK(f.w.issue(1, c) == Failed);
        CHECK(f.misuse(1) == "complete-without-start");
    }
    SECTION("a request-based operation outside a passive target epoch") {
        f.fence();
        MPI_Request request = MPI_REQUEST_NULL;
        RankCall p = f.put(0, &value, 1, 0);
        p.rma.request = &request;
        CHECK(f.w.issue(0, p) == Failed);
        CHECK(f.misuse(0) == "rma-outside-epoch");
        CHECK(request == MPI_REQUEST_NULL);
    }
    SECTION("a request-based operation lands at the call, its request complete") {
        RankCall l = f.lock(0, 1, MPI_LOCK_SHARED);
        CHECK(f.w.issue(0, l) == Blocked);
        CHECK(f.w.complete(0, l) == Done);
        MPI_Request request = MPI_REQUEST_NULL;
        RankCall p = f.put(0, &value, 1, 2);
        p.rma.request = &request;
        CHECK(f.w.issue(0, p) == Done);
        CHECK(f.memory[1][2] == 1);
        const Request* r = f.w.requests().find(0, request);
        REQUIRE(r != nullptr);
        CHECK(r->kind == Request::Kind::Rma);
        CHECK(r->complete);
    }
    SECTION("bytes beyond the target's window, a target outside the group") {
        f.fence();
        RankCall p = f.put(0, &value, 1, 4);
        CHECK(f.w.issue(0, p) == Failed);
        CHECK(f.misuse(0) == "rma-target-range");
        CHECK_THAT(f.w.rank_state(0).failure->message, Contains("has 16 bytes"));
        RankCall q = f.put(1, &value, kRanks, 0);
        CHECK(f.w.issue(1, q) == Failed);
        CHECK(f.misuse(1) == "rma-target-range");
    }
    SECTION("an accumulate whose origin and target types differ") {
        f.fence();
        RankCall acc = f.put(0, &value, 1, 0);
        acc.rma.kind = RmaKind::Accumulate;
        acc.rma.target_type = MPI_FLOAT;
        acc.rma.op = MPI_SUM;
        CHECK(f.w.issue(0, acc) == Failed);
        CHECK(f.misuse(0) == "accumulate-type-mismatch");
    }
    SECTION("a fence inside a lock epoch") {
        RankCall l = f.lock(0, 1, MPI_LOCK_SHARED);
        CHECK(f.w.issue(0, l) == Blocked);
        CHECK(f.w.complete(0, l) == Done);
        RankCall fence{.kind = CallKind::Collective, .name = "MPI_Win_fence"};
        const auto v = f.w.windows().view(0, f.win[0]);
        fence.comm = f.w.windows().at(v->index).members[0].comm;
        fence.coll.kind = CollectiveKind::WinFence;
        fence.coll.win = f.win[0];
        CHECK(f.w.issue(0, fence) == Failed);
        CHECK(f.misuse(0) == "rma-sync-mix");
        RankCall free_call = fence;
        free_call.coll.kind = CollectiveKind::WinFree;
        CHECK(f.w.issue(0, free_call) == Failed);
        CHECK(f.misuse(0) == "win-free-open-epoch");
    }
}
