// The parts of MpiWorld driven on their own, over a WorldCore of the test: point-to-point
// (posting, delivery, the Bsend buffer), completion (open outcomes of a Testany), and the plans
// of communicator construction.
#include "simulated-mpi/src/CommConstruction.hpp"
#include "simulated-mpi/src/Completion.hpp"
#include "simulated-mpi/src/PointToPoint.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <vector>

using namespace rankfold::mpi;
using Catch::Matchers::Contains;

namespace {

RankCall isend(const int* buf, int dest, MPI_Request* request, SendMode mode = SendMode::Standard) {
    RankCall c{.kind = CallKind::Isend, .name = "MPI_Isend"};
    c.send_buffer = buf;
    c.send_count = 1;
    c.send_type = MPI_INT;
    c.dest = dest;
    c.send_tag = 7;
    c.comm = MPI_COMM_WORLD;
    c.mode = mode;
    c.requests = request;
    c.request_count = 1;
    return c;
}

RankCall irecv(int* buf, int source, MPI_Request* request) {
    RankCall c{.kind = CallKind::Irecv, .name = "MPI_Irecv"};
    c.recv_buffer = buf;
    c.recv_count = 1;
    c.recv_type = MPI_INT;
    c.source = source;
    c.recv_tag = MPI_ANY_TAG;
    c.comm = MPI_COMM_WORLD;
    c.requests = request;
    c.request_count = 1;
    return c;
}

PendingCollective filed(CollectiveKind kind, const std::vector<std::pair<int, int>>& color_key) {
    PendingCollective op;
    for (int i = 0; i < static_cast<int>(color_key.size()); ++i) {
        CollectiveArgs a{.kind = kind};
        a.color = color_key[i].first;
        a.key = color_key[i].second;
        op.parts.push_back(CollectivePart{i, a, "MPI_Comm_split", 0, -1, MPI_COMM_WORLD});
    }
    op.arrived = static_cast<int>(color_key.size());
    return op;
}

} // namespace

TEST_CASE("point-to-point posts, matches and delivers on its own", "[mpiworld][parts]") {
    WorldCore core(2);
    PointToPoint p2p(2, Buffering::Zero);
    const int data = 42;
    int out = 0;
    MPI_Request sreq = MPI_REQUEST_NULL, rreq = MPI_REQUEST_NULL;
    RankCall s = isend(&data, 1, &sreq);
    RankCall r = irecv(&out, MPI_ANY_SOURCE, &rreq);
    REQUIRE(p2p.issue(core, 0, s) == Progress::Done);
    REQUIRE(p2p.issue(core, 1, r) == Progress::Done);
    // Zero buffering: the standard send waits for its receiver.
    CHECK_FALSE(core.requests.find(0, sreq)->complete);

    std::vector<Match> matches;
    p2p.matching().allowed_matches(matches);
    REQUIRE(matches.size() == 1);
    p2p.apply_match(core, matches[0]);
    CHECK(out == 42);
    CHECK(core.requests.find(0, sreq)->complete);
    const Request* received = core.requests.find(1, rreq);
    CHECK(received->complete);
    CHECK(received->status_source == 0);
    CHECK(received->status_tag == 7);
    CHECK(received->status_error == MPI_SUCCESS);
}

TEST_CASE("point-to-point accounts for the attached Bsend buffer", "[mpiworld][parts]") {
    WorldCore core(2);
    PointToPoint p2p(2, Buffering::Zero);
    const int data = 1;
    MPI_Request req = MPI_REQUEST_NULL;

    RankCall none = isend(&data, 1, &req, SendMode::Buffered);
    REQUIRE(p2p.issue(core, 0, none) == Progress::Failed);
    CHECK(core.ranks[0].failure->misuse == Misuse::BufferSpace);
    CHECK_THAT(core.ranks[0].failure->message, Contains("no buffer attached"));

    std::vector<char> space(sizeof(int) + MPI_BSEND_OVERHEAD);
    RankCall attach{.kind = CallKind::BufferAttach, .name = "MPI_Buffer_attach"};
    attach.buffer_address = space.data();
    attach.buffer_size = static_cast<int>(space.size());
    REQUIRE(p2p.issue(core, 0, attach) == Progress::Done);
    RankCall bsend = isend(&data, 1, &req, SendMode::Buffered);
    REQUIRE(p2p.issue(core, 0, bsend) == Progress::Done);
    CHECK(core.requests.find(0, req)->complete); // buffered: done at once
    CHECK_FALSE(p2p.detach_ready(0));            // the message still uses the buffer
    RankCall more = isend(&data, 1, &req, SendMode::Buffered);
    CHECK(p2p.issue(core, 0, more) == Progress::Failed); // no room for a second one

    int out = 0;
    MPI_Request rreq = MPI_REQUEST_NULL;
    RankCall r = irecv(&out, 0, &rreq);
    REQUIRE(p2p.issue(core, 1, r) == Progress::Done);
    std::vector<Match> matches;
    p2p.matching().allowed_matches(matches);
    REQUIRE(matches.size() == 1);
    p2p.apply_match(core, matches[0]);
    CHECK(p2p.detach_ready(0)); // delivery gave the space back
}

TEST_CASE("completion offers each completed request of a Testany as an outcome",
          "[mpiworld][parts]") {
    WorldCore core(2);
    PointToPoint p2p(2, Buffering::Infinite);
    const int data = 3;
    MPI_Request reqs[3] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    RankCall first = isend(&data, 1, &reqs[0]); // buffered at once: complete
    RankCall third = isend(&data, 1, &reqs[2]); // likewise
    int out = 0;
    RankCall pending = irecv(&out, 1, &reqs[1]); // nothing comes: active, not complete
    REQUIRE(p2p.issue(core, 0, first) == Progress::Done);
    REQUIRE(p2p.issue(core, 0, pending) == Progress::Done);
    REQUIRE(p2p.issue(core, 0, third) == Progress::Done);

    RankCall testany{.kind = CallKind::Testany, .name = "MPI_Testany"};
    testany.requests = reqs;
    testany.request_count = 3;
    const CompletionQuery query(core, p2p);
    OpenOutcomes outcomes;
    query.open_outcomes(0, testany, outcomes);
    CHECK(outcomes.open);
    CHECK(outcomes.done == std::vector<int>{1, 3}); // 1 + position of each completed request
    CHECK(query.ordinal_of_key(0, testany, 2) == 1);
    CHECK(query.ordinal_of_key(0, testany, 1) == -1);

    // The explorer picks position 2 (key 3): that request is finished and its handle nulled.
    int flag = 0, index = -1;
    testany.flag = &flag;
    testany.index = &index;
    testany.statuses = MPI_STATUSES_IGNORE;
    testany.outcome = 3;
    REQUIRE(Completion(core, p2p).issue(0, testany) == Progress::Done);
    CHECK(flag == 1);
    CHECK(index == 2);
    CHECK(reqs[2] == MPI_REQUEST_NULL);
    CHECK(reqs[0] != MPI_REQUEST_NULL);
}

TEST_CASE("communicator construction plans splits by colour, then key, then parent rank",
          "[mpiworld][parts]") {
    const auto plan = CommConstruction::split(
        filed(CollectiveKind::CommSplit, {{1, 5}, {0, 0}, {1, 2}, {MPI_UNDEFINED, 0}, {1, 2}}));
    REQUIRE(plan.groups.size() == 2);
    CHECK(plan.groups[0] == std::vector<int>{1});
    CHECK(plan.groups[1] == std::vector<int>{2, 4, 0}); // keys 2, 2 (parent order), 5
    CHECK(plan.group_of == std::vector<int>{1, 0, 1, -1, 1});

    Communicator parent;
    parent.members = {3, 1, 2};
    parent.cart_dims = {3};
    parent.cart_periods = {1};
    const auto dup = CommConstruction::dup(parent);
    REQUIRE(dup.groups.size() == 1);
    CHECK(dup.groups[0] == std::vector<int>{0, 1, 2}); // parent ranks, in order
    CHECK(dup.group_of == std::vector<int>{0, 0, 0});
    CHECK(dup.cart_dims == parent.cart_dims);
    CHECK(dup.cart_periods == parent.cart_periods);
}
