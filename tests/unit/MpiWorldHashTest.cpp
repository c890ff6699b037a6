// MpiWorld::hash agrees with operator==: copies hash alike, and each kind of change to the
// network state (a pending message, its payload, a request, a rank's flags) changes the digest.
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

using namespace rankfold::mpi;

namespace {

MpiWorld initialized(int ranks) {
    MpiWorld w(ranks, Buffering::Infinite);
    for (int r = 0; r < ranks; ++r) {
        RankCall init{.kind = CallKind::Init, .name = "MPI_Init"};
        REQUIRE(w.issue(r, init) == Progress::Done);
    }
    return w;
}

void isend(MpiWorld& w, int from, int to, int value, MPI_Request* request) {
    RankCall c{.kind = CallKind::Isend, .name = "MPI_Isend"};
    c.send_buffer = &value;
    c.send_count = 1;
    c.send_type = MPI_INT;
    c.dest = to;
    c.send_tag = 7;
    c.comm = MPI_COMM_WORLD;
    c.requests = request;
    c.request_count = 1;
    REQUIRE(w.issue(from, c) == Progress::Done);
}

} // namespace

TEST_CASE("equal worlds hash alike; every change shows in the hash", "[mpiworld][hash]") {
    MpiWorld a = initialized(3);
    MpiWorld b = initialized(3);
    CHECK(a == b);
    CHECK(a.hash() == b.hash());
    CHECK(a.hash() != MpiWorld(3, Buffering::Infinite).hash()); // Init changed the ranks' flags

    MPI_Request r1 = MPI_REQUEST_NULL, r2 = MPI_REQUEST_NULL;
    isend(a, 0, 2, 41, &r1);
    CHECK(a.hash() != b.hash());
    isend(b, 0, 2, 42, &r2); // same shape, different payload
    CHECK(a != b);
    CHECK(a.hash() != b.hash());

    MpiWorld c = a; // a copy is an equal value
    CHECK(c == a);
    CHECK(c.hash() == a.hash());
    c.rank_state(1).tick(); // a rank's simulated clock is state too
    CHECK(c.hash() != a.hash());
}
