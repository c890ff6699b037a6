// The assertions of MPI_Win_fence (MPI 3.1 §11.5.5) checked as usage errors: NOPRECEDE on a
// fence that completes operations, NOPRECEDE/NOSUCCEED given by some members only, and a put
// into a rank whose fence asserted NOPUT. MPI_MODE_NOSTORE is not checked.
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
