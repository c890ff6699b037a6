// The exact digests of a few worlds, pinned: splitting MpiWorld into parts must feed the same
// fields in the same order (the visited-state store keys states by these digests). Addresses in
// the state are fixed fake ones (counts are 0, so nothing is read through them).
// Re-pinned when the state gained communicator and datatype names and the datatypes and user
// operator a filed collective part keeps (issue 21): a change of what is fed, not of the order.
// Re-pinned when a rank's local tables and the communicators became digests of their own, which
// the hash keeps between calls (issue 18, HashMemo.hpp).
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <cstdint>

using namespace rankfold::mpi;

namespace {

const void* fake(std::uintptr_t address) {
    return reinterpret_cast<const void*>(address);
}

MpiWorld initialized(int ranks, Buffering buffering) {
    MpiWorld w(ranks, buffering);
    for (int r = 0; r < ranks; ++r) {
        RankCall init{.kind = CallKind::Init, .name = "MPI_Init"};
        REQUIRE(w.issue(r, init) == Progress::Done);
    }
    return w;
}

RankCall point_to_point(CallKind kind, int peer, int tag, MPI_Request* request) {
    RankCall c{.kind = kind, .name = "MPI_Isend", .site = 0x4242};
    c.send_buffer = fake(0x1000);
    c.send_type = MPI_INT;
    c.dest = peer;
    c.send_tag = tag;
    c.recv_buffer = const_cast<void*>(fake(0x2000));
    c.recv_type = MPI_INT;
    c.source = peer;
    c.recv_tag = tag;
    c.comm = MPI_COMM_WORLD;
    c.requests = request;
    c.request_count = 1;
    return c;
}

} // namespace

TEST_CASE("the world's digests stay what they were", "[mpiworld][hash]") {
    MPI_Request r = MPI_REQUEST_NULL;
    MpiWorld w = initialized(3, Buffering::Zero);
    CHECK(w.hash() == 0x5e9e23e942463d00ULL);

    RankCall send = point_to_point(CallKind::Isend, 2, 5, &r);
    REQUIRE(w.issue(0, send) == Progress::Done);
    RankCall recv = point_to_point(CallKind::Irecv, MPI_ANY_SOURCE, MPI_ANY_TAG, &r);
    REQUIRE(w.issue(1, recv) == Progress::Done);
    CHECK(w.hash() == 0x462932dc0da2be7dULL);

    RankCall attach{.kind = CallKind::BufferAttach, .name = "MPI_Buffer_attach"};
    attach.buffer_address = const_cast<void*>(fake(0x3000));
    attach.buffer_size = 100;
    REQUIRE(w.issue(2, attach) == Progress::Done);
    w.rank_state(2).tick();
    RankCall barrier{.kind = CallKind::Collective, .name = "MPI_Ibarrier", .site = 0x77};
    barrier.comm = MPI_COMM_WORLD;
    barrier.coll.nonblocking = true;
    barrier.requests = &r;
    barrier.request_count = 1;
    REQUIRE(w.issue(2, barrier) == Progress::Done);
    CHECK(w.hash() == 0x88fe3e1f2eaae553ULL);

    RankCall bad = point_to_point(CallKind::Isend, 9, 5, &r); // an invalid rank: a failure
    REQUIRE(w.issue(0, bad) == Progress::Failed);
    CHECK(w.hash() == 0x0a40d01737688ae1ULL);

    MpiWorld infinite = initialized(2, Buffering::Infinite);
    RankCall buffered = point_to_point(CallKind::Isend, 1, 3, &r);
    REQUIRE(infinite.issue(0, buffered) == Progress::Done);
    CHECK(infinite.hash() == 0x40f01a8c2554d994ULL);
}
