// Intercommunicators in MpiWorld, driven directly: MPI_Intercomm_create completes once both
// groups are in (each group's operation waits as a half), views give local and remote sizes,
// collectives move data from one group to the other, and the misuses fail with their own
// sub-kinds. The registry's views of both sides are checked on their own first.
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

// Rank `rank`'s MPI_Intercomm_create with MPI_COMM_SELF as its group, naming `remote_leader`
// of MPI_COMM_WORLD.
RankCall create(int remote_leader, int tag, MPI_Comm* out) {
    RankCall c{.kind = CallKind::Collective, .name = "MPI_Intercomm_create"};
    c.comm = MPI_COMM_SELF;
    c.coll.kind = CollectiveKind::IntercommCreate;
    c.coll.root = 0;
    c.coll.peer_comm = MPI_COMM_WORLD;
    c.coll.remote_leader = remote_leader;
    c.coll.tag = tag;
    c.coll.newcomm = out;
    return c;
}

RankCall on(MPI_Comm comm, const CollectiveArgs& a, const char* name) {
    RankCall c{.kind = CallKind::Collective, .name = name};
    c.comm = comm;
    c.coll = a;
    return c;
}

} // namespace

TEST_CASE("an intercommunicator's views: local rank and size, the remote group's size") {
    CommRegistry c(4);
    const int id = c.create_inter({2, 0}, {1, 3});
    const MPI_Comm h2 = c.attach(2, id, 0);
    const MPI_Comm h3 = c.attach(3, id, 0);
    const auto v2 = *c.view(2, h2);
    const auto v3 = *c.view(3, h3);
    CHECK(v2.inter);
    CHECK(v2.my_rank == 0);
    CHECK(v2.size == 2);
    CHECK(v2.remote_size == 2);
    CHECK(v2.remote_offset == 2);
    CHECK(v3.my_rank == 1);
    CHECK(v3.remote_offset == 0);
    CHECK(v3.member_index() == 3);
    CHECK(v3.member_count() == 4);
    CHECK(c.communicator(id).local_group(3) == std::vector<int>{1, 3});
    CHECK(c.communicator(id).remote_group(3) == std::vector<int>{2, 0});
    CHECK_FALSE(c.view(0, MPI_COMM_WORLD)->inter);
}

TEST_CASE("Intercomm_create waits for the other group, then both get the intercommunicator") {
    MpiWorld w = initialized(2);
    MPI_Comm out[2] = {MPI_COMM_NULL, MPI_COMM_NULL};
    RankCall a = create(1, 5, &out[0]);
    RankCall b = create(0, 5, &out[1]);
    REQUIRE(w.issue(0, a) == Blocked);
    CHECK_FALSE(w.ready(0, a)); // its group is complete, the other is not there yet
    REQUIRE(w.issue(1, b) == Blocked);
    CHECK(w.ready(0, a));
    CHECK(w.ready(1, b));
    REQUIRE(w.complete(0, a) == Done);
    REQUIRE(w.complete(1, b) == Done);
    REQUIRE(out[0] != MPI_COMM_NULL);
    CHECK(w.comm_size(0, out[0]) == 1);
    CHECK(w.comm_rank(1, out[1]) == 0);

    SECTION("Allreduce: each side receives the other side's contribution") {
        int in[2] = {3, 40}, sum[2] = {-1, -1};
        std::vector<RankCall> calls;
        for (int r = 0; r < 2; ++r) {
            CollectiveArgs args{.kind = CollectiveKind::Allreduce,
                                .sendbuf = &in[r],
                                .sendcount = 1,
                                .sendtype = MPI_INT,
                                .recvbuf = &sum[r],
                                .recvcount = 1,
                                .recvtype = MPI_INT,
                                .op = MPI_SUM};
            calls.push_back(on(out[r], args, "MPI_Allreduce"));
        }
        REQUIRE(w.issue(0, calls[0]) == Blocked);
        REQUIRE(w.issue(1, calls[1]) == Blocked);
        CHECK(sum[0] == 40);
        CHECK(sum[1] == 3);
    }
    SECTION("a collective MPI does not define on intercommunicators is refused by name") {
        int x = 0;
        CollectiveArgs args{.kind = CollectiveKind::Scan,
                            .sendbuf = &x,
                            .sendcount = 1,
                            .sendtype = MPI_INT,
                            .recvbuf = &x,
                            .recvcount = 1,
                            .recvtype = MPI_INT,
                            .op = MPI_SUM};
        RankCall g = on(out[0], args, "MPI_Scan");
        REQUIRE(w.issue(0, g) == Failed);
        CHECK(w.rank_state(0).failure->misuse == Misuse::Unsupported);
        CHECK_THAT(w.rank_state(0).failure->message, Contains("MPI_Scan on an intercommunicator"));
    }
    SECTION("MPI_IN_PLACE is refused on an intercommunicator") {
        int x = 0;
        CollectiveArgs args{.kind = CollectiveKind::Allgather,
                            .sendbuf = MPI_IN_PLACE,
                            .sendcount = 1,
                            .sendtype = MPI_INT,
                            .recvbuf = &x,
                            .recvcount = 1,
                            .recvtype = MPI_INT};
        RankCall g = on(out[0], args, "MPI_Allgather");
        REQUIRE(w.issue(0, g) == Failed);
        CHECK_THAT(w.rank_state(0).failure->message, Contains("MPI_IN_PLACE is not allowed"));
    }
}

TEST_CASE("Intercomm_create: leaders that do not meet, and overlapping groups") {
    MpiWorld w = initialized(3);
    MPI_Comm out[3] = {};
    SECTION("different tags") {
        RankCall a = create(1, 5, &out[0]);
        RankCall b = create(0, 6, &out[1]);
        REQUIRE(w.issue(0, a) == Blocked);
        REQUIRE(w.issue(1, b) == Failed);
        CHECK(w.rank_state(1).failure->misuse == Misuse::IntercommMismatch);
        CHECK_THAT(w.rank_state(1).failure->message, Contains("different tags (6 and 5)"));
    }
    SECTION("a leader naming a third") {
        RankCall a = create(1, 5, &out[0]);
        RankCall b = create(2, 5, &out[1]);
        REQUIRE(w.issue(0, a) == Blocked);
        REQUIRE(w.issue(1, b) == Failed);
        CHECK_THAT(w.rank_state(1).failure->message, Contains("mismatched leaders"));
    }
    SECTION("the remote leader in the local group") {
        RankCall a = create(0, 5, &out[0]);
        REQUIRE(w.issue(0, a) == Failed);
        CHECK(w.rank_state(0).failure->misuse == Misuse::IntercommMismatch);
        CHECK_THAT(w.rank_state(0).failure->message, Contains("is in the local group"));
    }
}

TEST_CASE("Comm_split of an intercommunicator pairs the colours both groups have") {
    MpiWorld w = initialized(2);
    MPI_Comm inter[2] = {};
    RankCall a = create(1, 5, &inter[0]);
    RankCall b = create(0, 5, &inter[1]);
    REQUIRE(w.issue(0, a) == Blocked);
    REQUIRE(w.issue(1, b) == Blocked);
    REQUIRE(w.complete(0, a) == Done);
    REQUIRE(w.complete(1, b) == Done);
    const bool same_colour = GENERATE(true, false);
    MPI_Comm out[2] = {MPI_COMM_WORLD, MPI_COMM_WORLD};
    std::vector<RankCall> calls;
    for (int r = 0; r < 2; ++r) {
        CollectiveArgs args{
            .kind = CollectiveKind::CommSplit, .color = same_colour ? 3 : r, .key = 0};
        args.newcomm = &out[r];
        calls.push_back(on(inter[r], args, "MPI_Comm_split"));
    }
    REQUIRE(w.issue(0, calls[0]) == Blocked);
    REQUIRE(w.issue(1, calls[1]) == Blocked);
    if (same_colour) {
        REQUIRE(out[0] != MPI_COMM_NULL);
        CHECK(w.comms().view(0, out[0])->inter);
        CHECK(w.comms().view(1, out[1])->remote_size == 1);
    } else {
        // Each colour is in one group only: no intercommunicator for it.
        CHECK(out[0] == MPI_COMM_NULL);
        CHECK(out[1] == MPI_COMM_NULL);
    }
}
