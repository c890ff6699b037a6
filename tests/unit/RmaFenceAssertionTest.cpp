// The assertions of MPI_Win_fence and MPI_Win_post (MPI 3.1 §11.5.5) checked as usage errors:
// NOPRECEDE on a fence that completes operations, NOPRECEDE/NOSUCCEED given by some members
// only, an operation after a fence that asserted NOSUCCEED, and a put into a rank whose fence
// or post asserted NOPUT. MPI_MODE_NOSTORE is not checked.
#include "tests/unit/RmaWindowFixture.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <vector>

using namespace rankfold::mpi;
using namespace rankfold::mpi::rma_test;
using enum Progress;

namespace {

std::vector<RankCall> fences(Fixture& f, const std::vector<int>& assertions) {
    std::vector<RankCall> calls(kRanks);
    for (int r = 0; r < kRanks; ++r) {
        const auto v = f.w.windows().view(r, f.win[r]);
        REQUIRE(v);
        calls[r] = RankCall{.kind = CallKind::Collective, .name = "MPI_Win_fence"};
        calls[r].comm = f.w.windows().at(v->index).members[v->my_rank].comm;
        calls[r].coll.kind = CollectiveKind::WinFence;
        calls[r].coll.win = f.win[r];
        calls[r].coll.assertion = assertions[static_cast<std::size_t>(r)];
    }
    return calls;
}

} // namespace

TEST_CASE("RMA fence assertions: NOPRECEDE with operations to complete", "[rma]") {
    Fixture f;
    f.fence(MPI_MODE_NOPRECEDE);
    const int value = 1;
    RankCall p = f.put(0, &value, 1, 0);
    REQUIRE(f.w.issue(0, p) == Done);
    auto calls = fences(f, std::vector<int>(kRanks, MPI_MODE_NOPRECEDE));
    CHECK(f.w.issue(0, calls[0]) == Failed);
    CHECK(f.misuse(0) == "fence-assertion");
    // A rank that issued nothing may assert it.
    CHECK(f.w.issue(1, calls[1]) == Blocked);
}

TEST_CASE("RMA fence assertions: NOPRECEDE given by some members only", "[rma]") {
    Fixture f;
    auto calls = fences(f, {MPI_MODE_NOPRECEDE, 0, MPI_MODE_NOPRECEDE});
    // The check runs when the fence executes, at whichever call completes it.
    bool failed = false;
    for (int r = 0; r < kRanks; ++r)
        if (f.w.issue(r, calls[r]) == Failed) failed = true;
    for (int r = 0; r < kRanks && !failed; ++r)
        if (f.w.ready(r, calls[r]) && f.w.complete(r, calls[r]) == Failed) failed = true;
    CHECK(failed);
    bool reported = false;
    for (int r = 0; r < kRanks; ++r) reported = reported || f.misuse(r) == "fence-assertion";
    CHECK(reported);
}

TEST_CASE("RMA fence assertions: a put into a rank that asserted NOPUT", "[rma]") {
    Fixture f;
    auto calls = fences(f, {0, MPI_MODE_NOPUT, 0});
    f.collective(calls);
    const int value = 1;
    // A get does not update the target: allowed.
    RankCall g = f.rma(0, RmaKind::Get, 1);
    int fetched = 0;
    g.rma.result = &fetched;
    g.rma.result_count = 1;
    g.rma.result_type = MPI_INT;
    g.rma.target_count = 1;
    g.rma.target_type = MPI_INT;
    CHECK(f.w.issue(0, g) == Done);
    RankCall to_two = f.put(0, &value, 2, 0);
    CHECK(f.w.issue(0, to_two) == Done);
    RankCall to_one = f.put(0, &value, 1, 0);
    CHECK(f.w.issue(0, to_one) == Failed);
    CHECK(f.misuse(0) == "fence-assertion");
}

TEST_CASE("RMA fence assertions: an operation after NOSUCCEED names the assertion", "[rma]") {
    Fixture f;
    f.fence(MPI_MODE_NOSUCCEED);
    const int value = 1;
    RankCall p = f.put(0, &value, 1, 0);
    CHECK(f.w.issue(0, p) == Failed);
    CHECK(f.misuse(0) == "fence-assertion");
    // A lock epoch after it is legal; past its unlock the operation lacks an epoch only.
    RankCall lock = f.lock(1, 2, MPI_LOCK_SHARED);
    REQUIRE(f.w.issue(1, lock) == Blocked);
    REQUIRE(f.w.ready(1, lock));
    REQUIRE(f.w.complete(1, lock) == Done);
    RankCall in_epoch = f.put(1, &value, 2, 0);
    CHECK(f.w.issue(1, in_epoch) == Done);
    RankCall unlock = f.rma(1, RmaKind::Unlock, 2);
    REQUIRE(f.w.issue(1, unlock) == Done);
    RankCall after = f.put(1, &value, 2, 0);
    CHECK(f.w.issue(1, after) == Failed);
    CHECK(f.misuse(1) == "rma-outside-epoch");
}

TEST_CASE("RMA fence assertions: without NOSUCCEED a missing epoch is no assertion's", "[rma]") {
    Fixture f;
    const int value = 1;
    RankCall p = f.put(0, &value, 1, 0); // no fence yet
    CHECK(f.w.issue(0, p) == Failed);
    CHECK(f.misuse(0) == "rma-outside-epoch");
}

namespace {

// Rank 1 posts to rank 0 with `assertion`; rank 0 starts its access epoch to rank 1.
void post_start(Fixture& f, int assertion) {
    const MPI_Group origin_group = f.w.rank_state(1).groups.add({0}, 0);
    const MPI_Group target_group = f.w.rank_state(0).groups.add({1}, 0);
    RankCall post = f.rma(1, RmaKind::Post);
    post.rma.group = origin_group;
    post.rma.assertion = assertion;
    REQUIRE(f.w.issue(1, post) == Done);
    RankCall start = f.rma(0, RmaKind::Start);
    start.rma.group = target_group;
    REQUIRE(f.w.issue(0, start) == Blocked);
    REQUIRE(f.w.ready(0, start));
    REQUIRE(f.w.complete(0, start) == Done);
}

} // namespace

TEST_CASE("RMA post assertions: a put into a rank that posted NOPUT", "[rma]") {
    Fixture f;
    post_start(f, MPI_MODE_NOPUT);
    RankCall g = f.rma(0, RmaKind::Get, 1); // a get does not update the target
    int fetched = 0;
    g.rma.result = &fetched;
    g.rma.result_count = 1;
    g.rma.result_type = MPI_INT;
    g.rma.target_count = 1;
    g.rma.target_type = MPI_INT;
    CHECK(f.w.issue(0, g) == Done);
    const int value = 1;
    RankCall p = f.put(0, &value, 1, 0);
    CHECK(f.w.issue(0, p) == Failed);
    CHECK(f.misuse(0) == "post-assertion");
}

TEST_CASE("RMA post assertions: NOPUT lasts until the target's MPI_Win_wait", "[rma]") {
    Fixture f;
    post_start(f, MPI_MODE_NOPUT);
    RankCall complete = f.rma(0, RmaKind::Complete);
    REQUIRE(f.w.issue(0, complete) == Done);
    RankCall wait = f.rma(1, RmaKind::Wait);
    REQUIRE(f.w.issue(1, wait) == Blocked);
    REQUIRE(f.w.ready(1, wait));
    REQUIRE(f.w.complete(1, wait) == Done);
    post_start(f, 0); // the next exposure epoch asserts nothing
    const int value = 1;
    RankCall p = f.put(0, &value, 1, 0);
    CHECK(f.w.issue(0, p) == Done);
}
