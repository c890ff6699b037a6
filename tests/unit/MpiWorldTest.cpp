// MpiWorld driven directly, without fibers: RankCall values are built the way the MPI entry
// points (ApiPointToPoint.cpp, ApiCompletion.cpp) build them, over buffers of this test, and the
// test plays the scheduler: issue, ready, complete, apply_match.
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "tests/unit/MpiWorldCalls.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <array>
#include <cstddef>
#include <set>
#include <utility>

using namespace rankfold::mpi;
using enum CallKind;
using enum SendMode;
using enum Progress;
using enum Buffering;
using Catch::Matchers::Contains;
using namespace rankfold::mpi::test;

namespace {

// As ApiCompletion.cpp's request_call.
RankCall requests_call(CallKind kind, const char* name, MPI_Request* requests, int count = 1,
                       MPI_Status* statuses = MPI_STATUS_IGNORE) {
    RankCall c = call(kind, name);
    c.requests = requests;
    c.request_count = count;
    c.statuses = statuses;
    return c;
}

// Applies allowed matches until none is left (the deterministic closure when every match is
// forced); returns how many were applied.
int match_all(MpiWorld& w) {
    int n = 0;
    for (int r = 0; r < w.size(); ++r)
        for (; auto m = w.matching().first_allowed_match(r); ++n) w.apply_match(*m);
    return n;
}

// Issues a call and, if it blocks, requires it ready and completes it.
Progress run(MpiWorld& w, int rank, RankCall c) {
    const Progress p = w.issue(rank, c);
    if (p != Blocked) return p;
    REQUIRE(w.ready(rank, c));
    return w.complete(rank, c);
}

// Issues a receive, applies the matches it enables, completes it.
Progress receive(MpiWorld& w, int rank, RankCall c) {
    REQUIRE(w.issue(rank, c) == Blocked);
    match_all(w);
    REQUIRE(w.ready(rank, c));
    return w.complete(rank, c);
}

void check_failure(const MpiWorld& w, int rank, int code, const char* phrase = "") {
    REQUIRE(w.rank_state(rank).failure);
    CHECK(w.rank_state(rank).failure->code == code);
    CHECK_THAT(w.rank_state(rank).failure->message, Contains(phrase));
}

std::size_t status_bytes(const MPI_Status& s) {
    return static_cast<std::size_t>(static_cast<unsigned>(s.rf_count_lo)) |
           (static_cast<std::size_t>(s.rf_count_hi_and_cancelled & 0x7fffffff) << 32);
}

} // namespace

TEST_CASE("a blocking send is ready before its match only when it may be buffered", "[mpiworld]") {
    // Standard mode waits under zero buffering and returns at once under infinite; Ssend always
    // waits. Either way the payload is copied at post and unpacked on match.
    const auto [buffering, mode, early] =
        GENERATE(table<Buffering, SendMode, bool>({{Zero, Standard, false},
                                                   {Infinite, Standard, true},
                                                   {Zero, Synchronous, false},
                                                   {Infinite, Synchronous, false}}));
    MpiWorld w = initialized(2, buffering);
    std::array<int, 3> out{1, 2, 3};
    std::array<int, 5> in{0, 0, 0, -1, -1};
    MPI_Status st{};
    RankCall s = send(Send, mode, out.data(), 3, MPI_INT, 1, 3);
    REQUIRE(w.issue(0, s) == Blocked);
    CHECK(w.ready(0, s) == early);
    out = {7, 7, 7};
    RankCall r = recv(Recv, in.data(), 5, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, &st);
    REQUIRE(w.issue(1, r) == Blocked);
    CHECK_FALSE(w.ready(1, r));
    CHECK(w.ready(0, s) == early);
    CHECK(match_all(w) == 1);
    REQUIRE(w.ready(0, s));
    REQUIRE(w.ready(1, r));
    CHECK(w.complete(0, s) == Done);
    CHECK(w.complete(1, r) == Done);
    CHECK(in == std::array<int, 5>{1, 2, 3, -1, -1});
    CHECK(st.MPI_SOURCE == 0);
    CHECK(st.MPI_TAG == 3);
    CHECK(st.MPI_ERROR == MPI_SUCCESS);
    CHECK(status_bytes(st) == 3 * sizeof(int));
    CHECK(w.requests().unfinished(0).empty());
    CHECK(w.requests().unfinished(1).empty());
    CHECK_FALSE((w.rank_state(0).failure || w.rank_state(1).failure));
}

TEST_CASE("Bsend uses the attached buffer and gets the space back on delivery", "[mpiworld]") {
    MpiWorld w = initialized(2, Zero);
    int value = 5, in = 0;
    RankCall b = send(Send, Buffered, &value, 1, MPI_INT, 1, 0);
    b.name = "MPI_Bsend";
    SECTION("without a buffer") {
        CHECK(w.issue(0, b) == Failed);
        check_failure(w, 0, MPI_ERR_BUFFER, "no buffer attached");
        CHECK(w.matching().pending_messages(1) == 0);
        CHECK(w.requests().unfinished(0).empty());
    }
    SECTION("a buffer for exactly one message") {
        std::array<std::byte, sizeof(int) + MPI_BSEND_OVERHEAD> space{};
        REQUIRE(run(w, 0,
                    RankCall{.kind = BufferAttach,
                             .name = "MPI_Buffer_attach",
                             .buffer_address = space.data(),
                             .buffer_size = static_cast<int>(space.size())}) == Done);
        void* detached = nullptr;
        int detached_size = 0;
        RankCall detach{.kind = BufferDetach,
                        .name = "MPI_Buffer_detach",
                        .buffer_address = &detached,
                        .size_out = &detached_size};
        for (int round = 0; round < 2; ++round) { // the space comes back on delivery
            RankCall b2 = b, d = detach;
            CHECK(run(w, 0, b) == Done); // buffered: done before any receive
            CHECK(w.issue(0, b2) == Failed);
            check_failure(w, 0, MPI_ERR_BUFFER, "too small");
            REQUIRE(w.issue(0, d) == Blocked);
            CHECK_FALSE(w.ready(0, d)); // a buffered message is still pending
            CHECK(receive(w, 1, recv(Recv, &in, 1, MPI_INT, 0, 0, MPI_STATUS_IGNORE)) == Done);
            CHECK(in == 5);
            CHECK(w.ready(0, d));
        }
        CHECK(w.complete(0, detach) == Done);
        CHECK(detached == space.data());
        CHECK(detached_size == static_cast<int>(space.size()));
    }
}

TEST_CASE("truncation fails with MPI_ERR_TRUNCATE and names the sizes", "[mpiworld]") {
    MpiWorld w = initialized(2, Infinite);
    std::array<int, 4> out{1, 2, 3, 4};
    std::array<int, 3> in{0, 0, -1};
    MPI_Status st{};
    st.MPI_ERROR = MPI_ERR_DIMS;
    REQUIRE(run(w, 0, send(Send, Standard, out.data(), 4, MPI_INT, 1, 9)) == Done);
    CHECK(receive(w, 1, recv(Recv, in.data(), 2, MPI_INT, 0, 9, &st)) == Failed);
    CHECK(in == std::array<int, 3>{1, 2, -1}); // what fits arrives; nothing past the buffer
    // The error is the call's result; a single status keeps its MPI_ERROR (as MPICH does).
    CHECK(st.MPI_ERROR == MPI_ERR_DIMS);
    CHECK(status_bytes(st) == 2 * sizeof(int));
    check_failure(w, 1, MPI_ERR_TRUNCATE, "16 bytes");
    CHECK_THAT(w.rank_state(1).failure->message, Contains("holds 8"));
}

TEST_CASE("MPI_PROC_NULL send and receive complete at once", "[mpiworld]") {
    MpiWorld w = initialized(2, Zero);
    int out = 1, in = 77;
    MPI_Status st{};
    st.MPI_SOURCE = st.MPI_TAG = st.rf_count_lo = 12345;
    CHECK(run(w, 0, send(Send, Standard, &out, 1, MPI_INT, MPI_PROC_NULL, 0)) == Done);
    CHECK(run(w, 1, recv(Recv, &in, 1, MPI_INT, MPI_PROC_NULL, 0, &st)) == Done);
    CHECK(st.MPI_SOURCE == MPI_PROC_NULL);
    CHECK(st.MPI_TAG == MPI_ANY_TAG);
    CHECK(status_bytes(st) == 0);
    CHECK(in == 77);
    CHECK(w.matching().pending_messages(0) + w.matching().pending_messages(1) == 0);
    CHECK(w.matching().pending_receives(1) == 0);
}

TEST_CASE("Waitany offers one choice per completed request", "[mpiworld]") {
    MpiWorld w = initialized(2, Infinite);
    std::array<int, 3> in{};
    std::array<MPI_Request, 3> reqs{};
    for (int i = 0; i < 3; ++i)
        REQUIRE(run(w, 1, recv(Irecv, &in[i], 1, MPI_INT, 0, i, nullptr, &reqs[i])) == Done);
    std::array<int, 2> out{10, 12};
    for (int tag : {0, 2}) // requests 0 and 2 complete, request 1 does not
        REQUIRE(run(w, 0, send(Send, Standard, &out[tag / 2], 1, MPI_INT, 1, tag)) == Done);
    CHECK(match_all(w) == 2);
    std::set<int> indices;
    const auto saved = reqs;
    for (int choice = 0; choice < 2; ++choice) {
        MpiWorld copy = w;
        reqs = saved;
        int index = -1;
        MPI_Status st{};
        RankCall wa = requests_call(Waitany, "MPI_Waitany", reqs.data(), 3, &st);
        wa.index = &index;
        REQUIRE(copy.issue(1, wa) == Blocked);
        REQUIRE(copy.ready(1, wa));
        REQUIRE(copy.completion_choices(1, wa) == 2);
        REQUIRE(copy.complete(1, wa, choice) == Done);
        REQUIRE((index == 0 || index == 2));
        CHECK(st.MPI_TAG == index);
        CHECK(in[index] == out[index / 2]);
        CHECK(reqs[index] == MPI_REQUEST_NULL);
        CHECK(reqs[1] == saved[1]);
        indices.insert(index);
    }
    CHECK(indices == std::set<int>{0, 2});
}

TEST_CASE("Test on an incomplete request writes flag 0 and keeps the request", "[mpiworld]") {
    MpiWorld w = initialized(2, Zero);
    int in = 0, out = 3, flag = -1;
    MPI_Request req = MPI_REQUEST_NULL;
    REQUIRE(run(w, 1, recv(Irecv, &in, 1, MPI_INT, 0, 0, nullptr, &req)) == Done);
    const MPI_Request handle = req;
    RankCall t = requests_call(Test, "MPI_Test", &req);
    t.flag = &flag;
    CHECK(run(w, 1, t) == Done);
    CHECK(flag == 0);
    CHECK(req == handle);
    CHECK(w.requests().find(1, handle) != nullptr);
    RankCall s = send(Send, Standard, &out, 1, MPI_INT, 1, 0);
    REQUIRE(w.issue(0, s) == Blocked);
    CHECK(match_all(w) == 1);
    CHECK(run(w, 1, t) == Done);
    CHECK(flag == 1);
    CHECK(req == MPI_REQUEST_NULL);
    CHECK(w.requests().find(1, handle) == nullptr);
    CHECK(in == 3);
}

TEST_CASE("persistent requests: Start, Wait deactivates, restart, free", "[mpiworld]") {
    MpiWorld w = initialized(2, Zero);
    int out = 0, in = 0;
    MPI_Request sreq = MPI_REQUEST_NULL, rreq = MPI_REQUEST_NULL;
    REQUIRE(run(w, 0, send(SendInit, Standard, &out, 1, MPI_INT, 1, 4, &sreq)) == Done);
    REQUIRE(run(w, 1, recv(RecvInit, &in, 1, MPI_INT, 0, 4, nullptr, &rreq)) == Done);
    REQUIRE(w.requests().find(0, sreq) != nullptr);
    CHECK_FALSE(w.requests().find(0, sreq)->active);
    CHECK(w.matching().pending_messages(1) == 0); // nothing moves before Start
    auto start = [&](int rank, MPI_Request* r) {
        return run(w, rank, requests_call(Start, "MPI_Start", r, 1, nullptr));
    };
    for (int round = 1; round <= 2; ++round) {
        out = 100 * round;
        REQUIRE(start(0, &sreq) == Done);
        REQUIRE(start(1, &rreq) == Done);
        CHECK(w.requests().find(1, rreq)->active);
        REQUIRE(match_all(w) == 1);
        REQUIRE(run(w, 0, requests_call(Wait, "MPI_Wait", &sreq)) == Done);
        REQUIRE(run(w, 1, requests_call(Wait, "MPI_Wait", &rreq)) == Done);
        CHECK(in == 100 * round);
        REQUIRE(sreq != MPI_REQUEST_NULL); // inactive, not freed
        REQUIRE(w.requests().find(1, rreq) != nullptr);
        CHECK_FALSE(w.requests().find(1, rreq)->active);
    }
    SECTION("starting an active request fails") {
        REQUIRE(start(1, &rreq) == Done);
        CHECK(start(1, &rreq) == Failed);
        check_failure(w, 1, MPI_ERR_REQUEST, "active");
    }
    SECTION("Request_free releases an inactive persistent request") {
        const MPI_Request handle = sreq;
        CHECK(run(w, 0, requests_call(RequestFree, "MPI_Request_free", &sreq)) == Done);
        CHECK(sreq == MPI_REQUEST_NULL);
        CHECK(w.requests().find(0, handle) == nullptr);
    }
}

TEST_CASE("Request_free on an active request releases it on completion", "[mpiworld]") {
    MpiWorld w = initialized(2, Zero);
    int out = 8, in = 0;
    MPI_Request req = MPI_REQUEST_NULL;
    REQUIRE(run(w, 0, send(Isend, Standard, &out, 1, MPI_INT, 1, 0, &req)) == Done);
    const MPI_Request handle = req;
    REQUIRE(run(w, 0, requests_call(RequestFree, "MPI_Request_free", &req)) == Done);
    CHECK(req == MPI_REQUEST_NULL);
    REQUIRE(w.requests().find(0, handle) != nullptr); // still in flight
    CHECK(w.requests().find(0, handle)->user_freed);
    CHECK(receive(w, 1, recv(Recv, &in, 1, MPI_INT, 0, 0, MPI_STATUS_IGNORE)) == Done);
    CHECK(w.requests().find(0, handle) == nullptr);
    CHECK(w.requests().unfinished(0).empty());
    CHECK(in == 8);
}

TEST_CASE("invalid arguments fail with the right MPI error class", "[mpiworld]") {
    MpiWorld w = initialized(2, Zero);
    int buf = 0, flag = 0;
    MPI_Request req = MPI_REQUEST_NULL;
    auto fails = [&](RankCall c, int code) {
        INFO(c.name << " expecting error class " << code);
        CHECK(w.issue(0, c) == Failed);
        check_failure(w, 0, code);
        CHECK(w.matching().pending_messages(1) == 0);
        CHECK(w.matching().pending_receives(0) == 0);
        CHECK(w.requests().unfinished(0).empty());
    };
    auto isend = [&](int count, MPI_Datatype t, int dest, int tag, MPI_Comm comm) {
        return send(Isend, Standard, &buf, count, t, dest, tag, &req, comm);
    };
    auto irecv = [&](int count, MPI_Datatype t, int source, int tag, MPI_Comm comm) {
        return recv(Irecv, &buf, count, t, source, tag, nullptr, &req, comm);
    };
    const MPI_Comm world = MPI_COMM_WORLD;
    fails(isend(1, MPI_INT, 2, 0, world), MPI_ERR_RANK);
    fails(isend(1, MPI_INT, -3, 0, world), MPI_ERR_RANK);
    fails(isend(1, MPI_INT, 1, 0, MPI_COMM_SELF), MPI_ERR_RANK);
    fails(irecv(1, MPI_INT, 5, 0, world), MPI_ERR_RANK);
    fails(isend(1, MPI_INT, 1, MPI_ANY_TAG, world), MPI_ERR_TAG);
    fails(irecv(1, MPI_INT, 1, -7, world), MPI_ERR_TAG);
    fails(isend(-1, MPI_INT, 1, 0, world), MPI_ERR_COUNT);
    fails(irecv(-2, MPI_INT, 1, 0, world), MPI_ERR_COUNT);
    fails(isend(1, MPI_DATATYPE_NULL, 1, 0, world), MPI_ERR_TYPE);
    fails(isend(1, MPI_COMM_WORLD, 1, 0, world), MPI_ERR_TYPE);
    fails(irecv(1, MPI_INT + 1000, 1, 0, world), MPI_ERR_TYPE);
    fails(isend(1, MPI_INT, 1, 0, MPI_COMM_NULL), MPI_ERR_COMM);
    fails(isend(1, MPI_INT, 1, 0, MPI_INT), MPI_ERR_COMM);
    fails(irecv(1, MPI_INT, 1, 0, MPI_COMM_NULL), MPI_ERR_COMM);
    MPI_Request bogus = RF_HANDLE(RF_KIND_REQUEST, 5); // no such slot
    fails(requests_call(Wait, "MPI_Wait", &bogus), MPI_ERR_REQUEST);
    MPI_Request comm_as_request = MPI_COMM_WORLD;
    RankCall t = requests_call(Test, "MPI_Test", &comm_as_request);
    t.flag = &flag;
    fails(t, MPI_ERR_REQUEST);
}

TEST_CASE("calls before MPI_Init fail", "[mpiworld]") {
    MpiWorld w(2, Zero);
    int buf = 0;
    RankCall s = send(Send, Standard, &buf, 1, MPI_INT, 1, 0);
    CHECK(w.issue(0, s) == Failed);
    check_failure(w, 0, MPI_ERR_OTHER, "MPI_Send: called before MPI_Init");
    CHECK(w.matching().pending_messages(1) == 0);
}

TEST_CASE("MpiWorld is a value: copies compare equal until a payload differs", "[mpiworld]") {
    MpiWorld w = initialized(2, Infinite);
    int out = 1234;
    REQUIRE(run(w, 0, send(Send, Standard, &out, 1, MPI_INT, 1, 0)) == Done);
    MpiWorld copy = w;
    CHECK(copy == w);
    REQUIRE(copy.matching().pending_messages(1) == 1);
    // The copy owns its queues: mutating its pending payload leaves the original untouched.
    std::vector<const Message*> pending;
    copy.matching().probe_candidates(1, MPI_ANY_SOURCE, MPI_ANY_TAG, 0, pending);
    REQUIRE(pending.size() == 1);
    auto& payload = const_cast<Message*>(pending[0])->payload;
    REQUIRE(payload.size() == sizeof(int));
    payload.data()[0] ^= std::byte{1};
    CHECK_FALSE(copy == w);
    payload.data()[0] ^= std::byte{1};
    CHECK(copy == w);
}

TEST_CASE("Probe with MPI_ANY_SOURCE offers each sender's oldest message", "[mpiworld]") {
    MpiWorld w = initialized(3, Infinite);
    std::array<int, 2> data{4, 5};
    for (int rank : {0, 1})
        REQUIRE(run(w, rank, send(Send, Standard, data.data(), rank + 1, MPI_INT, 2, 10 + rank)) ==
                Done);
    std::set<std::pair<int, std::size_t>> seen; // (source, bytes)
    for (int choice = 0; choice < 2; ++choice) {
        MpiWorld copy = w;
        MPI_Status st{};
        RankCall p = recv(Probe, nullptr, 0, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, &st);
        REQUIRE(copy.issue(2, p) == Blocked);
        REQUIRE(copy.ready(2, p));
        REQUIRE(copy.completion_choices(2, p) == 2);
        REQUIRE(copy.complete(2, p, choice) == Done);
        CHECK(st.MPI_TAG == 10 + st.MPI_SOURCE);
        seen.insert({st.MPI_SOURCE, status_bytes(st)});
        CHECK(copy.matching().pending_messages(2) == 2); // a probe receives nothing
    }
    CHECK(seen == std::set<std::pair<int, std::size_t>>{{0, 4}, {1, 8}});
}

TEST_CASE("Probe never reports a message that overtakes one a posted receive leaves",
          "[mpiworld]") {
    // Rank 2 posts Irecv(ANY_SOURCE, tag 0), then Probe(0, ANY_TAG). Rank 0 sent tags 0, 0, 1;
    // rank 1 sent tag 0. Whichever message the Irecv takes, a tag-0 message of rank 0 is still
    // ahead of the tag-1 one, so the probe must report tag 0 (or wait), never tag 1.
    MpiWorld w = initialized(3, Infinite);
    int value = 0, in = 0;
    for (auto [rank, tag] : {std::pair{0, 0}, {0, 0}, {0, 1}, {1, 0}})
        REQUIRE(run(w, rank, send(Send, Standard, &value, 1, MPI_INT, 2, tag)) == Done);
    MPI_Request req = MPI_REQUEST_NULL;
    REQUIRE(run(w, 2, recv(Irecv, &in, 1, MPI_INT, MPI_ANY_SOURCE, 0, nullptr, &req)) == Done);
    MPI_Status st{};
    RankCall p = recv(Probe, nullptr, 0, MPI_BYTE, 0, MPI_ANY_TAG, &st);
    REQUIRE(w.issue(2, p) == Blocked);
    if (!w.ready(2, p)) return; // waiting for the Irecv's match is correct
    for (int choice = 0; choice < w.completion_choices(2, p); ++choice) {
        MpiWorld copy = w;
        REQUIRE(copy.complete(2, p, choice) == Done);
        CHECK(st.MPI_TAG == 0);
    }
}
