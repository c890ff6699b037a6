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

TEST_CASE("a buffered send's cancel takes its newest message of that envelope", "[cancel]") {
    MatchingEngine e(2);
    const RequestRef by{1, 2};
    for (const std::uint64_t id : {1, 2}) { // two starts of one persistent Bsend request
        Message m = msg(id, 1, 7);
        m.buffered_by = by;
        m.buffered = 40;
        e.post_message(0, m);
    }
    CHECK_FALSE(e.withdraw_buffered(by, 0, 8, 0)); // another tag
    CHECK_FALSE(e.withdraw_buffered(by, 0, 7, 1)); // another communicator
    const auto taken = e.withdraw_buffered(by, 0, 7, 0);
    REQUIRE(taken);
    CHECK(taken->id == 2);
    CHECK(taken->buffered == 40);
    REQUIRE(e.pending_messages(0) == 1);
    CHECK(matches_at(e, 0).empty());
}
