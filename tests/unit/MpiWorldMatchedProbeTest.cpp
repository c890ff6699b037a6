// Matched probes and generalized requests on MpiWorld driven directly: MPI_Mprobe takes the
// message out of matching, MPI_Mrecv receives exactly it; a generalized request is complete
// only once MPI_Grequest_complete says so, and its wait leaves its callbacks to run.
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

using namespace rankfold::mpi;
using enum CallKind;
using enum Progress;
using enum Buffering;

namespace {

MpiWorld initialized(int ranks) {
    MpiWorld w(ranks, Zero);
    for (int r = 0; r < ranks; ++r) {
        RankCall init{.kind = Init, .name = "MPI_Init"};
        REQUIRE(w.issue(r, init) == Done);
    }
    return w;
}

RankCall send(const int* buf, int dest, int tag = 0) {
    RankCall c{.kind = Send, .name = "MPI_Send"};
    c.send_buffer = buf, c.send_count = 1, c.send_type = MPI_INT, c.dest = dest;
    c.send_tag = tag, c.comm = MPI_COMM_WORLD;
    return c;
}

RankCall receive(CallKind kind, int* buf, int source, MPI_Status* status,
                 MPI_Request* request = nullptr) {
    RankCall c{.kind = kind, .name = "MPI_Irecv"};
    c.recv_buffer = buf, c.recv_count = 1, c.recv_type = MPI_INT, c.source = source;
    c.recv_tag = MPI_ANY_TAG, c.comm = MPI_COMM_WORLD, c.statuses = status;
    c.requests = request, c.request_count = request != nullptr;
    return c;
}

// As ApiMatchedProbe.cpp builds them.
RankCall mprobe(int source, MPI_Message* message, MPI_Status* status) {
    RankCall c{.kind = Probe, .name = "MPI_Mprobe"};
    c.recv_type = MPI_BYTE, c.source = source, c.recv_tag = MPI_ANY_TAG;
    c.comm = MPI_COMM_WORLD, c.message = message, c.statuses = status;
    return c;
}

RankCall mrecv(int* buf, MPI_Message* message, MPI_Status* status) {
    RankCall c{.kind = Mrecv, .name = "MPI_Mrecv"};
    c.recv_buffer = buf, c.recv_count = 1, c.recv_type = MPI_INT, c.message = message;
    c.statuses = status;
    return c;
}

RankCall wait(MPI_Request* request) {
    RankCall c{.kind = Wait, .name = "MPI_Wait"};
    c.requests = request, c.request_count = 1, c.statuses = MPI_STATUS_IGNORE;
    return c;
}

int match_all(MpiWorld& w) {
    int n = 0;
    for (int r = 0; r < w.size(); ++r)
        for (; auto m = w.matching().first_allowed_match(r); ++n) w.apply_match(*m);
    return n;
}

} // namespace

TEST_CASE("Mprobe takes its message out of matching; Mrecv receives it", "[mpiworld][mprobe]") {
    // Ranks 1 and 2 send to rank 0; a wildcard Mprobe offers both (the explorer's choice). The
    // one taken is no longer a candidate for a receive, and its sender's standard send (zero
    // buffering) completes only when MPI_Mrecv receives it.
    MpiWorld w = initialized(3);
    const int one = 1, two = 2;
    int got = 0, other = 0;
    RankCall s1 = send(&one, 0), s2 = send(&two, 0);
    REQUIRE(w.issue(1, s1) == Blocked);
    REQUIRE(w.issue(2, s2) == Blocked);
    MPI_Message msg = MPI_MESSAGE_NULL;
    MPI_Status st{};
    RankCall p = mprobe(MPI_ANY_SOURCE, &msg, &st);
    REQUIRE(w.issue(0, p) == Blocked);
    REQUIRE(w.ready(0, p));
    OpenOutcomes out;
    w.open_outcomes(0, p, out);
    CHECK(out.open);
    CHECK(out.done == std::vector<int>{1, 2}); // keyed by sender
    p.outcome = 2;
    REQUIRE(w.complete(0, p) == Done);
    CHECK(st.MPI_SOURCE == 2);
    CHECK(msg != MPI_MESSAGE_NULL);
    CHECK(msg != MPI_MESSAGE_NO_PROC);
    CHECK(w.matching().pending_messages(0) == 1); // rank 1's is left

    MPI_Request req = MPI_REQUEST_NULL;
    RankCall r = receive(Irecv, &other, MPI_ANY_SOURCE, nullptr, &req);
    REQUIRE(w.issue(0, r) == Done);
    CHECK(match_all(w) == 1);
    CHECK(other == 1); // the wildcard receive could only take rank 1's message
    CHECK_FALSE(w.ready(2, s2));

    // Until MPI_Mrecv, the message is rank 0's to receive (the leak check at MPI_Finalize).
    REQUIRE(w.matched_unreceived(0).size() == 1);
    CHECK(w.matched_unreceived(0)[0]->origin == 2);
    CHECK(w.matched_unreceived(1).empty());

    RankCall m = mrecv(&got, &msg, &st);
    REQUIRE(w.issue(0, m) == Blocked);
    REQUIRE(w.ready(0, m));
    REQUIRE(w.complete(0, m) == Done);
    CHECK(got == 2);
    CHECK(st.MPI_SOURCE == 2);
    CHECK(msg == MPI_MESSAGE_NULL);
    CHECK(w.ready(2, s2));
    CHECK(w.matched_unreceived(0).empty());
}

TEST_CASE("Mrecv of a message handle received already is a usage error", "[mpiworld][mprobe]") {
    MpiWorld w = initialized(2);
    const int one = 1;
    int got = 0;
    RankCall s = send(&one, 0);
    REQUIRE(w.issue(1, s) == Blocked);
    MPI_Message msg = MPI_MESSAGE_NULL;
    RankCall p = mprobe(1, &msg, MPI_STATUS_IGNORE);
    REQUIRE(w.issue(0, p) == Blocked);
    REQUIRE(w.complete(0, p) == Done);
    const MPI_Message copy = msg;
    RankCall m = mrecv(&got, &msg, MPI_STATUS_IGNORE);
    REQUIRE(w.issue(0, m) == Blocked);
    REQUIRE(w.complete(0, m) == Done);
    MPI_Message again = copy;
    RankCall bad = mrecv(&got, &again, MPI_STATUS_IGNORE);
    CHECK(w.issue(0, bad) == Failed);
    REQUIRE(w.rank_state(0).failure);
    CHECK(w.rank_state(0).failure->misuse == Misuse::InvalidHandle);
}

TEST_CASE("Mprobe of MPI_PROC_NULL gives MPI_MESSAGE_NO_PROC", "[mpiworld][mprobe]") {
    MpiWorld w = initialized(1);
    MPI_Message msg = MPI_MESSAGE_NULL;
    MPI_Status st{};
    int got = 5;
    RankCall p = mprobe(MPI_PROC_NULL, &msg, &st);
    REQUIRE(w.issue(0, p) == Blocked);
    REQUIRE(w.complete(0, p) == Done);
    CHECK(msg == MPI_MESSAGE_NO_PROC);
    RankCall m = mrecv(&got, &msg, &st);
    REQUIRE(w.issue(0, m) == Blocked);
    REQUIRE(w.complete(0, m) == Done);
    CHECK(st.MPI_SOURCE == MPI_PROC_NULL);
    CHECK(got == 5);
    CHECK(msg == MPI_MESSAGE_NULL);
}

TEST_CASE("a generalized request completes only by MPI_Grequest_complete", "[mpiworld][grequest]") {
    MpiWorld w = initialized(1);
    Request callbacks;
    callbacks.grequest_query = 0x1000;
    callbacks.grequest_free = 0x2000;
    callbacks.buffer = 0x3000;
    const int slot = w.start_grequest(0, callbacks);
    MPI_Request req = RF_HANDLE(RF_KIND_REQUEST, slot);
    RankCall wt = wait(&req);
    REQUIRE(w.issue(0, wt) == Blocked);
    CHECK_FALSE(w.ready(0, wt));
    const std::uint64_t before = w.hash();
    w.complete_grequest(0, slot);
    CHECK(w.hash() != before);
    REQUIRE(w.ready(0, wt));
    REQUIRE(w.complete(0, wt) == Done);
    CHECK(req == MPI_REQUEST_NULL);
    const auto done = w.next_grequest_done(0);
    REQUIRE(done);
    CHECK(done->query == 0x1000);
    CHECK(done->free == 0x2000);
    CHECK(done->extra_state == 0x3000);
    CHECK_FALSE(w.next_grequest_done(0));
    CHECK(w.requests().unfinished(0).empty());
}

TEST_CASE("MPI_Request_get_status on a completed generalized request runs its query only",
          "[mpiworld][grequest]") {
    MpiWorld w = initialized(1);
    Request callbacks;
    callbacks.grequest_query = 0x1000;
    callbacks.grequest_free = 0x2000;
    callbacks.buffer = 0x3000;
    const int slot = w.start_grequest(0, callbacks);
    MPI_Request req = RF_HANDLE(RF_KIND_REQUEST, slot);
    int flag = 1;
    MPI_Status st{};
    RankCall gs{.kind = RequestGetStatus, .name = "MPI_Request_get_status"};
    gs.requests = &req, gs.request_count = 1, gs.statuses = &st, gs.flag = &flag;
    REQUIRE(w.issue(0, gs) == Done);
    CHECK(flag == 0);
    CHECK_FALSE(w.next_grequest_done(0)); // not complete: nothing to ask
    w.complete_grequest(0, slot);
    REQUIRE(w.issue(0, gs) == Done);
    CHECK(flag == 1);
    const auto done = w.next_grequest_done(0);
    REQUIRE(done);
    CHECK(done->query == 0x1000);
    CHECK(done->free == 0); // the request stays: its free function waits for the wait
    CHECK(done->status == &st);
    CHECK(req != MPI_REQUEST_NULL);
    CHECK_FALSE(w.next_grequest_done(0));
}
