// MpiWorld::hash keeps the digests of a rank's local tables and of the communicators between
// calls (HashMemo.hpp). After random sequences of world operations, restores of earlier copies
// (as the explorer backtracks) and hashes of several worlds in turn, the digest must equal the
// one computed from scratch: a digest kept for a value that has changed since would make two
// different states hash alike.
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/src/HashMemo.hpp"
#include "simulated-mpi/src/TypeConstructors.hpp"

#include <catch2/catch.hpp>
#include <mpi.h>

#include <cstdint>
#include <random>
#include <vector>

using namespace rankfold::mpi;

namespace {

constexpr int kRanks = 3;

MpiWorld initialized() {
    MpiWorld w(kRanks, Buffering::Infinite);
    for (int r = 0; r < kRanks; ++r) {
        RankCall init{.kind = CallKind::Init, .name = "MPI_Init"};
        REQUIRE(w.issue(r, init) == Progress::Done);
    }
    return w;
}

// One random operation on `w`; `value` is the payload a send packs.
void random_step(MpiWorld& w, std::mt19937& rng, int& value) {
    const int rank = static_cast<int>(rng() % kRanks);
    const int peer =
        static_cast<int>((static_cast<unsigned>(rank) + 1 + rng() % (kRanks - 1)) % kRanks);
    RankState& s = w.rank_state(rank);
    MPI_Request request = MPI_REQUEST_NULL;
    switch (rng() % 9) {
    case 0: { // a send, then maybe its receive: the requests and queues change
        RankCall c{.kind = CallKind::Isend, .name = "MPI_Isend"};
        c.send_buffer = &value;
        c.send_count = 1;
        c.send_type = MPI_INT;
        c.dest = peer;
        c.send_tag = 1;
        c.comm = MPI_COMM_WORLD;
        c.requests = &request;
        c.request_count = 1;
        REQUIRE(w.issue(rank, c) == Progress::Done);
        ++value;
        break;
    }
    case 1: { // a derived datatype, committed or not
        const auto map =
            make_contiguous(1 + static_cast<int>(rng() % 3), *predefined_typemap(MPI_INT));
        REQUIRE(map);
        const MPI_Datatype t = s.datatypes.create(*map, 0x100 + rng() % 4);
        if (rng() % 2 == 0) s.datatypes.commit(t);
        break;
    }
    case 2: { // free the newest live derived type, or name a predefined one
        const auto live = s.datatypes.leaked();
        if (!live.empty())
            s.datatypes.release(live.back().first);
        else
            s.datatypes.set_name(MPI_INT, "int" + std::to_string(rng() % 2));
        break;
    }
    case 3: { // a group, or free the newest one
        const auto live = s.groups.live();
        if (!live.empty() && rng() % 2 == 0)
            s.groups.free(live.back().first);
        else
            s.groups.add({rank, peer}, 0x200);
        break;
    }
    case 4: // a keyval
        s.keyvals.add(Keyval{.extra_state = rng() % 3, .site = 0x300});
        break;
    case 5: { // a communicator of two ranks, each with a handle on it
        CommRegistry& comms = w.comms();
        const int id = comms.create({std::min(rank, peer), std::max(rank, peer)});
        comms.attach(rank, id, 0x400);
        comms.attach(peer, id, 0x400);
        break;
    }
    case 6: { // free the newest communicator handle of the rank
        CommRegistry& comms = w.comms();
        const auto live = comms.leaked(rank);
        if (!live.empty()) comms.release(rank, live.back().first);
        break;
    }
    case 7: // the clock (not a memoised part)
        s.tick();
        break;
    default: // a name on a communicator handle
        if (CommHandle* h = w.comms().handle(rank, MPI_COMM_WORLD))
            h->name = "world" + std::to_string(rng() % 3);
        break;
    }
}

} // namespace

TEST_CASE("the memoised world digest equals the one computed from scratch",
          "[mpiworld][hash][memo]") {
    const std::uint64_t hits_before = thread_hash_memo_hits();
    for (unsigned seed = 1; seed <= 20; ++seed) {
        std::mt19937 rng(seed);
        int value = 0;
        MpiWorld w = initialized();
        MpiWorld other = initialized(); // hashed in turn with w: the memo sees both
        std::vector<MpiWorld> saved;
        for (int step = 0; step < 150; ++step) {
            const unsigned what = rng() % 10;
            if (what == 0) {
                saved.push_back(w);
            } else if (what == 1 && !saved.empty()) {
                w = saved[rng() % saved.size()]; // back to an earlier state
            } else if (what == 2) {
                random_step(other, rng, value);
            } else {
                random_step(w, rng, value);
            }
            INFO("seed " << seed << " step " << step);
            REQUIRE(w.hash() == w.hash_from_scratch());
            REQUIRE(other.hash() == other.hash_from_scratch());
            // Hashing twice in a row (a hit for every part) changes nothing.
            REQUIRE(w.hash() == w.hash_from_scratch());
        }
        for (const MpiWorld& earlier : saved) CHECK(earlier.hash() == earlier.hash_from_scratch());
    }
    // The memo was used (else this test would check nothing).
    CHECK(thread_hash_memo_hits() > hits_before + 1000);
}

TEST_CASE("a change to a memoised part changes the digest", "[mpiworld][hash][memo]") {
    MpiWorld w = initialized();
    const std::uint64_t start = w.hash();
    CHECK(w.hash() == start); // a hit

    const auto map = make_contiguous(2, *predefined_typemap(MPI_INT));
    REQUIRE(map);
    const MPI_Datatype t = w.rank_state(1).datatypes.create(*map, 0x10);
    const std::uint64_t with_type = w.hash();
    CHECK(with_type != start);
    w.rank_state(1).datatypes.commit(t);
    CHECK(w.hash() != with_type); // committed is state
    w.rank_state(1).datatypes.release(t);
    CHECK(w.hash() == w.hash_from_scratch());

    w.comms().handle(0, MPI_COMM_WORLD)->name = "renamed";
    CHECK(w.hash() != start);
    CHECK(w.hash() == w.hash_from_scratch());
}
