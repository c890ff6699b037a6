// MPI_Cancel in MpiWorld, driven directly (as MpiWorldTest does): the call marks an unmatched
// operation (request_cancel), whose matches are then held for the explorer, and the explorer's
// CancelOutcome cancels it (cancel) unless a held match was taken first.
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <climits>
#include <vector>

using namespace rankfold::mpi;

namespace {

RankCall init_call() {
    return RankCall{.kind = CallKind::Init, .name = "MPI_Init"};
}

MpiWorld initialized(int ranks, Buffering buffering) {
    MpiWorld w(ranks, buffering);
    for (int r = 0; r < ranks; ++r) {
        RankCall init = init_call();
        REQUIRE(w.issue(r, init) == Progress::Done);
    }
    return w;
}

RankCall isend(SendMode mode, const int* buf, int dest, int tag, MPI_Request* request) {
    RankCall c{.kind = CallKind::Isend, .name = "MPI_Isend"};
    c.send_buffer = buf;
    c.send_count = 1;
    c.send_type = MPI_INT;
    c.dest = dest;
    c.send_tag = tag;
    c.mode = mode;
    c.comm = MPI_COMM_WORLD;
    c.requests = request;
    c.request_count = 1;
    return c;
}

RankCall irecv(int* buf, int source, int tag, MPI_Request* request) {
    RankCall c{.kind = CallKind::Irecv, .name = "MPI_Irecv"};
    c.recv_buffer = buf;
    c.recv_count = 1;
    c.recv_type = MPI_INT;
    c.source = source;
    c.recv_tag = tag;
    c.comm = MPI_COMM_WORLD;
    c.statuses = nullptr;
    c.requests = request;
    c.request_count = 1;
    return c;
}

RankCall wait_call(MPI_Request* request, MPI_Status* status) {
    RankCall c{.kind = CallKind::Wait, .name = "MPI_Wait"};
    c.requests = request;
    c.request_count = 1;
    c.statuses = status;
    return c;
}

// Issues a wait on a complete request and completes it, as the closure would.
void wait_done(MpiWorld& w, int rank, RankCall& wait) {
    const Progress p = w.issue(rank, wait);
    if (p == Progress::Done) return;
    REQUIRE(p == Progress::Blocked);
    REQUIRE(w.ready(rank, wait));
    REQUIRE(w.complete(rank, wait) == Progress::Done);
}

bool cancelled(const MPI_Status& s) {
    return (s.rf_count_hi_and_cancelled & INT_MIN) != 0;
}

std::vector<MatchingEngine::PendingCancel> pending(const MpiWorld& w) {
    std::vector<MatchingEngine::PendingCancel> out;
    w.matching().pending_cancels(out);
    return out;
}

} // namespace

TEST_CASE("a cancelled send waits for the explorer: cancelled, or matched normally",
          "[mpiworld][cancel]") {
    const bool cancel_wins = GENERATE(true, false);
    const SendMode mode = GENERATE(SendMode::Standard, SendMode::Synchronous);
    MpiWorld w = initialized(2, Buffering::Zero);
    int out = 5;
    int in = 0;
    MPI_Request send_request = MPI_REQUEST_NULL;
    MPI_Request receive_request = MPI_REQUEST_NULL;
    RankCall send = isend(mode, &out, 1, 0, &send_request);
    REQUIRE(w.issue(0, send) == Progress::Done);
    REQUIRE(w.requests().find(0, send_request) == w.requests().slot(0, 0));
    CHECK(w.request_cancel(0, 0));
    w.request_cancel(0, 0); // a second MPI_Cancel: still one pending cancel
    RankCall receive = irecv(&in, 0, 0, &receive_request);
    REQUIRE(w.issue(1, receive) == Progress::Done);
    // The match is there, but held: the closure leaves it to the explorer.
    const auto match = w.matching().first_allowed_match(1);
    REQUIRE(match);
    CHECK(match->held);
    REQUIRE(pending(w).size() == 1);
    CHECK(pending(w).front().queue == 1);
    MPI_Status status{};
    RankCall wait = wait_call(&send_request, &status);
    REQUIRE(w.issue(0, wait) == Progress::Blocked);
    CHECK_FALSE(w.ready(0, wait)); // neither outcome has happened yet
    if (cancel_wins) {
        CHECK(w.cancel(0, 0));
        CHECK_FALSE(w.matching().first_allowed_match(1)); // the message left rank 1's queue
        CHECK(w.matching().pending_messages(1) == 0);
    } else {
        w.apply_match(*match);
        CHECK(in == 5);
        CHECK_FALSE(w.cancel(0, 0)); // matched: it can only complete normally
    }
    CHECK(pending(w).empty());
    REQUIRE(w.ready(0, wait));
    REQUIRE(w.complete(0, wait) == Progress::Done);
    CHECK(cancelled(status) == cancel_wins);
}

TEST_CASE("a cancelled receive: cancelled, or it takes a message sent later",
          "[mpiworld][cancel]") {
    const bool cancel_wins = GENERATE(true, false);
    MpiWorld w = initialized(2, Buffering::Zero);
    int out = 8;
    int in = 0;
    MPI_Request receive_request = MPI_REQUEST_NULL;
    MPI_Request send_request = MPI_REQUEST_NULL;
    RankCall receive = irecv(&in, 0, 3, &receive_request);
    REQUIRE(w.issue(1, receive) == Progress::Done);
    CHECK(w.request_cancel(1, 0));
    REQUIRE(pending(w).size() == 1);
    CHECK(pending(w).front().request == RequestRef{1, 0});
    CHECK(pending(w).front().queue == 1);
    RankCall send = isend(SendMode::Standard, &out, 1, 3, &send_request);
    REQUIRE(w.issue(0, send) == Progress::Done);
    const auto match = w.matching().first_allowed_match(1);
    REQUIRE(match);
    CHECK(match->held);
    if (cancel_wins) {
        CHECK(w.cancel(1, 0));
        // The message stays for a receive posted later.
        CHECK(w.matching().pending_messages(1) == 1);
        CHECK(in == 0);
    } else {
        w.apply_match(*match);
        CHECK(in == 8);
        CHECK_FALSE(w.request_cancel(1, 0)); // complete: a cancel now has no effect
    }
    MPI_Status status{};
    RankCall wait = wait_call(&receive_request, &status);
    wait_done(w, 1, wait);
    CHECK(cancelled(status) == cancel_wins);
}

TEST_CASE("a buffered send's cancel waits for the explorer too", "[mpiworld][cancel]") {
    const bool cancel_wins = GENERATE(true, false);
    MpiWorld w = initialized(2, Buffering::Infinite);
    int out = 1;
    int in = 0;
    MPI_Request request = MPI_REQUEST_NULL;
    MPI_Request receive_request = MPI_REQUEST_NULL;
    RankCall send = isend(SendMode::Standard, &out, 1, 0, &request);
    REQUIRE(w.issue(0, send) == Progress::Done);
    REQUIRE(w.matching().pending_messages(1) == 1);
    MPI_Status status{};
    RankCall wait = wait_call(&request, &status);
    CHECK(w.request_cancel(0, 0));
    CHECK(w.matching().pending_messages(1) == 1); // still there: the cancel is a choice
    REQUIRE(pending(w).size() == 1);
    // Complete at its call, the request now waits for the outcome.
    REQUIRE(w.issue(0, wait) == Progress::Blocked);
    CHECK_FALSE(w.ready(0, wait));
    if (cancel_wins) {
        CHECK(w.cancel(0, 0));
        CHECK(w.matching().pending_messages(1) == 0);
    } else {
        RankCall receive = irecv(&in, 0, 0, &receive_request);
        REQUIRE(w.issue(1, receive) == Progress::Done);
        const auto match = w.matching().first_allowed_match(1);
        REQUIRE(match);
        CHECK(match->held);
        w.apply_match(*match);
        CHECK(in == 1);
    }
    CHECK(pending(w).empty());
    REQUIRE(w.ready(0, wait));
    REQUIRE(w.complete(0, wait) == Progress::Done);
    CHECK(cancelled(status) == cancel_wins);
}
