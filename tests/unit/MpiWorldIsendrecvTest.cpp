// MPI_Isendrecv(_replace) on MpiWorld driven directly: one request for both halves, complete
// only once the receive has its message AND the send half is done (under zero buffering, only
// once another rank took it).
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <array>

using namespace rankfold::mpi;
using enum CallKind;
using enum Progress;
using enum Buffering;

namespace {

MpiWorld initialized(int ranks, Buffering buffering) {
    MpiWorld w(ranks, buffering);
    for (int r = 0; r < ranks; ++r) {
        RankCall init{.kind = Init, .name = "MPI_Init"};
        REQUIRE(w.issue(r, init) == Done);
    }
    return w;
}

// As ApiPointToPoint.cpp's MPI_Isendrecv builds it (the replace variant: one buffer).
RankCall isendrecv(const int* out, int dest, int* in, int source, MPI_Request* request,
                   CallKind kind = Isendrecv) {
    RankCall c{.kind = kind, .name = "MPI_Isendrecv"};
    c.send_buffer = out;
    c.send_count = 1;
    c.send_type = MPI_INT;
    c.dest = dest;
    c.recv_buffer = in;
    c.recv_count = 1;
    c.recv_type = MPI_INT;
    c.source = source;
    c.comm = MPI_COMM_WORLD;
    c.requests = request;
    c.request_count = 1;
    return c;
}

RankCall blocking(CallKind kind, int* buf, int peer) {
    RankCall c{.kind = kind, .name = kind == Send ? "MPI_Send" : "MPI_Recv"};
    c.comm = MPI_COMM_WORLD;
    if (kind == Send) {
        c.send_buffer = buf, c.send_count = 1, c.send_type = MPI_INT, c.dest = peer;
    } else {
        c.recv_buffer = buf, c.recv_count = 1, c.recv_type = MPI_INT, c.source = peer;
        c.statuses = MPI_STATUS_IGNORE;
    }
    return c;
}

RankCall wait(MPI_Request* request) {
    RankCall c{.kind = Wait, .name = "MPI_Wait"};
    c.requests = request;
    c.request_count = 1;
    c.statuses = MPI_STATUS_IGNORE;
    return c;
}

int match_all(MpiWorld& w) {
    int n = 0;
    for (int r = 0; r < w.size(); ++r)
        for (; auto m = w.matching().first_allowed_match(r); ++n) w.apply_match(*m);
    return n;
}

} // namespace

TEST_CASE("Isendrecv completes only when both its halves have", "[mpiworld][isendrecv]") {
    // Rank 0: Isendrecv(to 1, from 1). Rank 1 sends first and receives after: under zero
    // buffering the request is not done when its message arrives, only once rank 1 takes the
    // send half; under infinite buffering, as soon as the message arrives.
    const Buffering buffering = GENERATE(Zero, Infinite);
    MpiWorld w = initialized(2, buffering);
    int out0 = 10, in0 = -1, out1 = 20, in1 = -1;
    MPI_Request req = MPI_REQUEST_NULL;
    RankCall c = isendrecv(&out0, 1, &in0, 1, &req);
    REQUIRE(w.issue(0, c) == Done);
    REQUIRE(req != MPI_REQUEST_NULL);
    RankCall wt = wait(&req);
    REQUIRE(w.issue(0, wt) == Blocked);
    CHECK_FALSE(w.ready(0, wt));

    RankCall s1 = blocking(Send, &out1, 0);
    REQUIRE(w.issue(1, s1) == Blocked);
    CHECK(match_all(w) == 1); // rank 1's message reaches rank 0's receive half
    CHECK(in0 == 20);
    CHECK(w.ready(0, wt) == (buffering == Infinite));

    REQUIRE(w.ready(1, s1));
    REQUIRE(w.complete(1, s1) == Done);
    RankCall r1 = blocking(Recv, &in1, 0);
    REQUIRE(w.issue(1, r1) == Blocked);
    CHECK(match_all(w) == 1);
    CHECK(in1 == 10);
    REQUIRE(w.ready(0, wt));
    CHECK(w.complete(0, wt) == Done);
    CHECK(req == MPI_REQUEST_NULL);
    CHECK(w.requests().unfinished(0).empty()); // the send half released itself
}

TEST_CASE("Isendrecv whose send half completes first waits for its message",
          "[mpiworld][isendrecv]") {
    MpiWorld w = initialized(2, Zero);
    int out0 = 10, in0 = -1, out1 = 20, in1 = -1;
    MPI_Request req = MPI_REQUEST_NULL;
    RankCall c = isendrecv(&out0, 1, &in0, 1, &req);
    REQUIRE(w.issue(0, c) == Done);
    RankCall wt = wait(&req);
    REQUIRE(w.issue(0, wt) == Blocked);
    RankCall r1 = blocking(Recv, &in1, 0);
    REQUIRE(w.issue(1, r1) == Blocked);
    CHECK(match_all(w) == 1); // the send half is taken: the receive half still waits
    CHECK(in1 == 10);
    CHECK_FALSE(w.ready(0, wt));
    RankCall s1 = blocking(Send, &out1, 0);
    REQUIRE(w.issue(1, s1) == Blocked);
    CHECK(match_all(w) == 1);
    REQUIRE(w.ready(0, wt));
    CHECK(w.complete(0, wt) == Done);
    CHECK(in0 == 20);
}

TEST_CASE("Isendrecv_replace receives into the buffer it sent from", "[mpiworld][isendrecv]") {
    // Two ranks swap their values in place: each send was packed at the call.
    MpiWorld w = initialized(2, Zero);
    std::array<int, 2> value{100, 200};
    std::array<MPI_Request, 2> req{MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    for (int r = 0; r < 2; ++r) {
        RankCall c = isendrecv(&value[r], 1 - r, &value[r], 1 - r, &req[r], IsendrecvReplace);
        REQUIRE(w.issue(r, c) == Done);
    }
    CHECK(match_all(w) == 2);
    for (int r = 0; r < 2; ++r) {
        RankCall wt = wait(&req[r]);
        REQUIRE(w.issue(r, wt) == Blocked);
        REQUIRE(w.ready(r, wt));
        CHECK(w.complete(r, wt) == Done);
    }
    CHECK(value == std::array<int, 2>{200, 100});
}

TEST_CASE("Isendrecv with MPI_PROC_NULL halves", "[mpiworld][isendrecv]") {
    MpiWorld w = initialized(2, Zero);
    int out = 1, in = -1, in1 = -1;
    MPI_Request req = MPI_REQUEST_NULL;
    SECTION("both: done at once") {
        RankCall c = isendrecv(&out, MPI_PROC_NULL, &in, MPI_PROC_NULL, &req);
        REQUIRE(w.issue(0, c) == Done);
        RankCall wt = wait(&req);
        REQUIRE(w.issue(0, wt) == Blocked);
        CHECK(w.ready(0, wt));
    }
    SECTION("receive from MPI_PROC_NULL: done once the send is taken") {
        RankCall c = isendrecv(&out, 1, &in, MPI_PROC_NULL, &req);
        REQUIRE(w.issue(0, c) == Done);
        RankCall wt = wait(&req);
        REQUIRE(w.issue(0, wt) == Blocked);
        CHECK_FALSE(w.ready(0, wt));
        RankCall r1 = blocking(Recv, &in1, 0);
        REQUIRE(w.issue(1, r1) == Blocked);
        CHECK(match_all(w) == 1);
        CHECK(w.ready(0, wt));
        CHECK(in == -1);
    }
}

TEST_CASE("Isendrecv with overlapping buffers is a usage error", "[mpiworld][isendrecv]") {
    MpiWorld w = initialized(2, Zero);
    int both = 3;
    MPI_Request req = MPI_REQUEST_NULL;
    RankCall c = isendrecv(&both, 1, &both, 1, &req);
    CHECK(w.issue(0, c) == Failed);
    REQUIRE(w.rank_state(0).failure);
    CHECK(w.rank_state(0).failure->code == MPI_ERR_BUFFER);
}
