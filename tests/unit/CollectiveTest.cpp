// Collectives in MpiWorld, driven directly: each rank's part is issued the way the entry points
// (ApiCollectives.cpp) build it, and the test plays the scheduler. The operation happens when
// the last member calls; parts that do not belong together fail that last call.
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <vector>

using namespace rankfold::mpi;
using enum Progress;
using Catch::Matchers::Contains;

namespace {

MpiWorld initialized(int ranks) {
    MpiWorld w(ranks, Buffering::Zero);
    for (int r = 0; r < ranks; ++r) {
        RankCall init{.kind = CallKind::Init, .name = "MPI_Init"};
        REQUIRE(w.issue(r, init) == Done);
    }
    return w;
}

RankCall coll(const CollectiveArgs& a, const char* name, MPI_Comm comm = MPI_COMM_WORLD,
              MPI_Request* request = nullptr) {
    RankCall c{.kind = CallKind::Collective, .name = name};
    c.comm = comm;
    c.coll = a;
    c.coll.nonblocking = request != nullptr;
    c.requests = request;
    c.request_count = request != nullptr ? 1 : 0;
    return c;
}

CollectiveArgs reduction(CollectiveKind kind, const void* in, void* out, int count,
                         MPI_Datatype type, MPI_Op op, int root = 0) {
    return {.kind = kind,
            .sendbuf = in,
            .sendcount = count,
            .sendtype = type,
            .recvbuf = out,
            .recvcount = count,
            .recvtype = type,
            .root = root,
            .op = op};
}

CollectiveArgs bcast(void* buf, int count, int root) {
    return {.kind = CollectiveKind::Bcast,
            .sendbuf = buf,
            .sendcount = count,
            .sendtype = MPI_INT,
            .recvbuf = buf,
            .recvcount = count,
            .recvtype = MPI_INT,
            .root = root};
}

// Issues every rank's call in order; all but the last block, then all complete.
void run_all(MpiWorld& w, std::vector<RankCall>& calls) {
    const int n = static_cast<int>(calls.size());
    for (int r = 0; r < n; ++r) {
        REQUIRE(w.issue(r, calls[r]) == Blocked);
        for (int q = 0; q <= r; ++q) CHECK(w.ready(q, calls[q]) == (r == n - 1));
    }
    for (int r = 0; r < n; ++r) REQUIRE(w.complete(r, calls[r]) == Done);
}

} // namespace

TEST_CASE("Allreduce, Scan and Exscan combine the ranks' values when the last one calls") {
    MpiWorld w = initialized(3);
    int in[3] = {1, 2, 4}, sum[3] = {}, scan[3] = {}, exscan[3] = {-7, -7, -7};
    std::vector<RankCall> calls;
    calls.reserve(3);
    for (int r = 0; r < 3; ++r)
        calls.push_back(
            coll(reduction(CollectiveKind::Allreduce, &in[r], &sum[r], 1, MPI_INT, MPI_SUM),
                 "MPI_Allreduce"));
    run_all(w, calls);
    CHECK(std::vector<int>(sum, sum + 3) == std::vector<int>{7, 7, 7});
    calls.clear();
    for (int r = 0; r < 3; ++r)
        calls.push_back(coll(reduction(CollectiveKind::Scan, &in[r], &scan[r], 1, MPI_INT, MPI_SUM),
                             "MPI_Scan"));
    run_all(w, calls);
    CHECK(std::vector<int>(scan, scan + 3) == std::vector<int>{1, 3, 7});
    calls.clear();
    for (int r = 0; r < 3; ++r)
        calls.push_back(
            coll(reduction(CollectiveKind::Exscan, &in[r], &exscan[r], 1, MPI_INT, MPI_SUM),
                 "MPI_Exscan"));
    run_all(w, calls);
    // Rank 0's result is undefined by MPI: it is left alone.
    CHECK(std::vector<int>(exscan, exscan + 3) == std::vector<int>{-7, 1, 3});
}

TEST_CASE("floating-point reductions are a left fold in rank order") {
    MpiWorld w = initialized(3);
    // ((1e16 + 1) + -1e16) is 0 in double precision; (1e16 + (1 + -1e16)) would be 0 too, but
    // (1e16 + -1e16) + 1, the order of a tree over ranks 0 and 2 first, would be 1.
    double in[3] = {1e16, 1.0, -1e16}, out = -1;
    std::vector<RankCall> calls;
    calls.reserve(3);
    for (int r = 0; r < 3; ++r)
        calls.push_back(coll(reduction(CollectiveKind::Reduce, &in[r], r == 0 ? &out : nullptr, 1,
                                       MPI_DOUBLE, MPI_SUM),
                             "MPI_Reduce"));
    run_all(w, calls);
    CHECK(out == 0.0);
}

TEST_CASE("Gatherv places each rank's block at its displacement") {
    MpiWorld w = initialized(3);
    int mine[3][2] = {{10, 11}, {20, 21}, {30, 31}};
    int counts[3] = {1, 2, 1}, displs[3] = {5, 0, 3};
    int out[6] = {-1, -1, -1, -1, -1, -1};
    std::vector<RankCall> calls;
    for (int r = 0; r < 3; ++r) {
        CollectiveArgs a{.kind = CollectiveKind::Gatherv,
                         .sendbuf = mine[r],
                         .sendcount = counts[r],
                         .sendtype = MPI_INT,
                         .recvbuf = out,
                         .recvtype = MPI_INT,
                         .recvcounts = counts,
                         .rdispls = displs,
                         .root = 0};
        calls.push_back(coll(a, "MPI_Gatherv"));
    }
    run_all(w, calls);
    CHECK(std::vector<int>(out, out + 6) == std::vector<int>{20, 21, -1, 30, -1, 10});
}

TEST_CASE("Alltoall with MPI_IN_PLACE exchanges blocks within the receive buffers") {
    MpiWorld w = initialized(2);
    int buf[2][2] = {{0, 1}, {10, 11}};
    std::vector<RankCall> calls;
    for (auto& mine : buf) {
        CollectiveArgs a{.kind = CollectiveKind::Alltoall,
                         .sendbuf = MPI_IN_PLACE,
                         .recvbuf = mine,
                         .recvcount = 1,
                         .recvtype = MPI_INT};
        calls.push_back(coll(a, "MPI_Alltoall"));
    }
    run_all(w, calls);
    CHECK(buf[0][0] == 0);
    CHECK(buf[0][1] == 10);
    CHECK(buf[1][0] == 1);
    CHECK(buf[1][1] == 11);
}

TEST_CASE("parts that do not belong together fail the call that reveals it") {
    MpiWorld w = initialized(2);
    int x = 0, y = 0;
    SECTION("different roots") {
        RankCall a = coll(bcast(&x, 1, 0), "MPI_Bcast");
        RankCall b = coll(bcast(&y, 1, 1), "MPI_Bcast");
        REQUIRE(w.issue(0, a) == Blocked);
        REQUIRE(w.issue(1, b) == Failed);
        CHECK(w.rank_state(1).failure->misuse == Misuse::CollectiveMismatch);
        CHECK_THAT(w.rank_state(1).failure->message, Contains("roots differ"));
    }
    SECTION("different collectives") {
        RankCall a = coll(bcast(&x, 1, 0), "MPI_Bcast");
        RankCall b =
            coll(reduction(CollectiveKind::Reduce, &x, &y, 1, MPI_INT, MPI_SUM), "MPI_Reduce");
        REQUIRE(w.issue(0, a) == Blocked);
        REQUIRE(w.issue(1, b) == Failed);
        CHECK(w.rank_state(1).failure->misuse == Misuse::CollectiveMismatch);
        CHECK_THAT(w.rank_state(1).failure->message, Contains("MPI_Bcast"));
    }
    SECTION("blocking and nonblocking") {
        MPI_Request req = MPI_REQUEST_NULL;
        RankCall a = coll(bcast(&x, 1, 0), "MPI_Ibcast", MPI_COMM_WORLD, &req);
        RankCall b = coll(bcast(&y, 1, 0), "MPI_Bcast");
        REQUIRE(w.issue(0, a) == Done);
        REQUIRE(w.issue(1, b) == Failed);
        CHECK(w.rank_state(1).failure->misuse == Misuse::CollectiveMismatch);
    }
    SECTION("counts that do not add up") {
        int two[2] = {1, 2};
        RankCall a = coll(bcast(two, 2, 0), "MPI_Bcast");
        RankCall b = coll(bcast(&y, 1, 0), "MPI_Bcast");
        REQUIRE(w.issue(0, a) == Blocked);
        REQUIRE(w.issue(1, b) == Failed);
        CHECK(w.rank_state(1).failure->misuse == Misuse::CollectiveMismatch);
        CHECK_THAT(w.rank_state(1).failure->message, Contains("8 bytes"));
    }
    SECTION("an invalid root fails at once") {
        RankCall a = coll(bcast(&x, 1, 2), "MPI_Bcast");
        REQUIRE(w.issue(0, a) == Failed);
        CHECK(w.rank_state(0).failure->misuse == Misuse::InvalidRoot);
    }
    SECTION("MPI_REPLACE is no reduction operator") {
        RankCall a = coll(reduction(CollectiveKind::Allreduce, &x, &y, 1, MPI_INT, MPI_REPLACE),
                          "MPI_Allreduce");
        REQUIRE(w.issue(0, a) == Failed);
        CHECK(w.rank_state(0).failure->misuse == Misuse::InvalidHandle);
    }
}

TEST_CASE("a nonblocking collective completes through its request") {
    MpiWorld w = initialized(2);
    MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    RankCall a = coll({.kind = CollectiveKind::Barrier}, "MPI_Ibarrier", MPI_COMM_WORLD, &req[0]);
    REQUIRE(w.issue(0, a) == Done);
    RankCall wait{.kind = CallKind::Wait, .name = "MPI_Wait"};
    wait.requests = &req[0];
    wait.request_count = 1;
    wait.statuses = MPI_STATUS_IGNORE;
    REQUIRE(w.issue(0, wait) == Blocked);
    CHECK_FALSE(w.ready(0, wait));
    RankCall b = coll({.kind = CollectiveKind::Barrier}, "MPI_Ibarrier", MPI_COMM_WORLD, &req[1]);
    REQUIRE(w.issue(1, b) == Done);
    CHECK(w.ready(0, wait));
    REQUIRE(w.complete(0, wait) == Done);
    CHECK(req[0] == MPI_REQUEST_NULL);
}

TEST_CASE("a loop of barriers comes back to the same state") {
    MpiWorld w = initialized(2);
    auto barrier = [&] {
        std::vector<RankCall> calls(2, coll({.kind = CollectiveKind::Barrier}, "MPI_Barrier"));
        run_all(w, calls);
    };
    barrier();
    const std::uint64_t after_one = w.hash();
    const MpiWorld copy = w;
    barrier();
    CHECK(w.hash() == after_one);
    CHECK(w == copy);
}

TEST_CASE("Comm_split makes one communicator per colour, ordered by key") {
    MpiWorld w = initialized(4);
    MPI_Comm out[4] = {};
    std::vector<RankCall> calls;
    const int color[4] = {0, 1, 0, MPI_UNDEFINED};
    const int key[4] = {5, 0, 1, 0};
    for (int r = 0; r < 4; ++r) {
        CollectiveArgs a{.kind = CollectiveKind::CommSplit, .color = color[r], .key = key[r]};
        a.newcomm = &out[r];
        calls.push_back(coll(a, "MPI_Comm_split"));
    }
    run_all(w, calls);
    CHECK(out[3] == MPI_COMM_NULL);
    CHECK(w.comm_size(0, out[0]) == 2);
    CHECK(w.comm_rank(0, out[0]) == 1); // key 5 after rank 2's key 1
    CHECK(w.comm_rank(2, out[2]) == 0);
    CHECK(w.comm_size(1, out[1]) == 1);
    // A message on the new communicator goes to the member's world rank.
    std::vector<RankCall> dup;
    MPI_Comm d[2] = {};
    for (int r : {0, 2}) {
        CollectiveArgs a{.kind = CollectiveKind::CommDup};
        a.newcomm = &d[r / 2];
        dup.push_back(coll(a, "MPI_Comm_dup", out[r]));
    }
    REQUIRE(w.issue(0, dup[0]) == Blocked);
    REQUIRE(w.issue(2, dup[1]) == Blocked);
    CHECK(w.ready(0, dup[0]));
    CHECK(w.comm_size(2, d[1]) == 2);
}
