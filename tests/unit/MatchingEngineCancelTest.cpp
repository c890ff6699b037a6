// MatchingEngine's withdrawals for MPI_Cancel: an unmatched receive or waiting send by its
// request, and a buffered send's newest message of its envelope.
#include "simulated-mpi/interface/MatchingEngine.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

using namespace rankfold::mpi;

namespace {

Message msg(std::uint64_t id, int source, int tag) {
    Message m;
    m.id = id;
    m.source = source;
    m.tag = tag;
    return m;
}

PostedReceive recv(std::uint64_t id, int source, int tag) {
    return PostedReceive{id, source, tag, 0, RequestRef{0, static_cast<int>(id)}};
}

std::vector<Match> matches_at(const MatchingEngine& e, int receiver) {
    std::vector<Match> out;
    e.allowed_matches_for(receiver, out);
    return out;
}

} // namespace

TEST_CASE("MPI_Cancel takes back only what has not matched", "[matching][cancel]") {
    MatchingEngine e(2);
    Message waiting = msg(1, 1, 5);
    waiting.sender = RequestRef{1, 3};
    e.post_message(0, waiting);
    e.post_receive(0, recv(101, 1, 6));
    // The receive of tag 6 is withdrawn; the message of tag 5 by its send request.
    CHECK(e.withdraw_receive(RequestRef{0, 101}));
    CHECK_FALSE(e.withdraw_receive(RequestRef{0, 101}));
    CHECK_FALSE(e.withdraw_message(RequestRef{1, 4}));
    CHECK(e.withdraw_message(RequestRef{1, 3}));
    CHECK(e.pending_messages(0) == 0);
    CHECK(e.pending_receives(0) == 0);
}

TEST_CASE("a buffered send's cancel marks its newest message of that envelope", "[cancel]") {
    MatchingEngine e(2);
    const RequestRef by{1, 2};
    for (const std::uint64_t id : {1, 2}) { // two starts of one persistent Bsend request
        Message m = msg(id, 1, 7);
        m.buffered_by = by;
        m.buffered = 40;
        e.post_message(0, m);
    }
    CHECK_FALSE(e.mark_buffered_cancel(by, 0, 8, 0)); // another tag
    CHECK_FALSE(e.mark_buffered_cancel(by, 0, 7, 1)); // another communicator
    CHECK(e.mark_buffered_cancel(by, 0, 7, 0));
    // The newest is marked and names the request as its sender: a match completes it again,
    // a successful cancel takes it (and its attached bytes) back.
    CHECK_FALSE(e.find_message(0, 1)->cancel_pending);
    CHECK(e.find_message(0, 2)->cancel_pending);
    const auto taken = e.withdraw_message(by);
    REQUIRE(taken);
    CHECK(taken->id == 2);
    CHECK(taken->buffered == 40);
    REQUIRE(e.pending_messages(0) == 1);
    CHECK(matches_at(e, 0).empty());
}

TEST_CASE("a pending cancel holds the matches of its operation", "[matching][cancel]") {
    MatchingEngine e(2);
    Message m = msg(1, 1, 5);
    m.sender = RequestRef{1, 3};
    e.post_message(0, m);
    e.post_receive(0, recv(101, 1, 5));
    REQUIRE(matches_at(e, 0).size() == 1);
    CHECK_FALSE(matches_at(e, 0).front().held);
    CHECK_FALSE(e.mark_cancel(RequestRef{1, 4}, true));  // another send request
    CHECK_FALSE(e.mark_cancel(RequestRef{1, 3}, false)); // it is no receive
    const MatchingEngine before = e;
    CHECK(e.mark_cancel(RequestRef{1, 3}, true));
    // The mark is part of the state: a state with it differs from one without.
    CHECK_FALSE(e == before);
    // The match is still allowed, now as a choice against the cancel.
    const auto held = matches_at(e, 0);
    REQUIRE(held.size() == 1);
    CHECK(held.front().held);
    CHECK_FALSE(held.front().wildcard);
    CHECK_FALSE(e.first_deterministic_match(0));                // no longer the closure's to make
    CHECK(before.first_deterministic_match(0) == held.front()); // the same pair, unheld
    std::vector<MatchingEngine::PendingCancel> pending;
    e.pending_cancels(pending);
    REQUIRE(pending.size() == 1);
    CHECK(pending.front().request == RequestRef{1, 3});
    CHECK(pending.front().queue == 0); // the receiver's queue holds the send's message
    // The cancel succeeding takes the message: nothing left to match, nothing pending.
    CHECK(e.withdraw_message(RequestRef{1, 3}));
    CHECK(matches_at(e, 0).empty());
    pending.clear();
    e.pending_cancels(pending);
    CHECK(pending.empty());
}

TEST_CASE("a receive's pending cancel holds its match; a matched one cannot be marked",
          "[matching][cancel]") {
    MatchingEngine e(2);
    e.post_receive(0, recv(7, 1, MPI_ANY_TAG));
    e.post_receive(0, recv(8, 1, 9));
    CHECK(e.mark_cancel(RequestRef{0, 7}, false));
    std::vector<MatchingEngine::PendingCancel> pending;
    e.pending_cancels(pending);
    REQUIRE(pending.size() == 1);
    CHECK(pending.front().queue == 0);
    Message m = msg(1, 1, 9);
    m.sender = RequestRef{1, 0};
    e.post_message(0, m);
    // Receives are served in order: only the held receive may take it, until its cancel.
    auto matches = matches_at(e, 0);
    REQUIRE(matches.size() == 1);
    CHECK(matches.front().receive_id == 7);
    CHECK(matches.front().held);
    CHECK(e.first_allowed_match(0)->held);
    CHECK(e.withdraw_receive(RequestRef{0, 7}));
    matches = matches_at(e, 0);
    REQUIRE(matches.size() == 1);
    CHECK(matches.front().receive_id == 8);
    CHECK_FALSE(matches.front().held);
    e.apply(matches.front());
    CHECK_FALSE(e.mark_cancel(RequestRef{0, 8}, false)); // matched: nothing to cancel
    CHECK(e.find_receive(0, 8) == nullptr);
}

TEST_CASE("a probe's report makes a pending cancel fail", "[matching][cancel]") {
    MatchingEngine e(2);
    Message waiting = msg(1, 1, 5); // a standard send's message: its request waits for it
    waiting.sender = RequestRef{1, 3};
    e.post_message(0, waiting);
    const RequestRef by{1, 4};
    Message buffered = msg(2, 1, 6); // a buffered send's: its request completed at its call
    buffered.buffered_by = by;
    buffered.buffered = 40;
    e.post_message(0, buffered);
    REQUIRE(e.mark_cancel(RequestRef{1, 3}, true));
    REQUIRE(e.mark_buffered_cancel(by, 0, 6, 0));
    REQUIRE(e.find_message(0, 2)->sender == by);

    // The standard send's request still waits for a receive; the buffered one is complete
    // again (returned, for its owner to finish) and no longer named by its message.
    CHECK_FALSE(e.cancel_fails(0, 1).valid());
    CHECK_FALSE(e.find_message(0, 1)->cancel_pending);
    CHECK(e.find_message(0, 1)->sender == RequestRef{1, 3});
    CHECK(e.cancel_fails(0, 2) == by);
    CHECK_FALSE(e.find_message(0, 2)->cancel_pending);
    CHECK_FALSE(e.find_message(0, 2)->sender.valid());
    // Nothing is pending to cancel any more.
    std::vector<MatchingEngine::PendingCancel> pending;
    e.pending_cancels(pending);
    CHECK(pending.empty());
}
