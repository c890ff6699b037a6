// What orders an OpenSHMEM put before its target's accesses (issue 16, SHMEM half): a landing
// on a flag the target's wait_until acquires (producer/consumer), the origin's quiet followed
// by a barrier, and not a sync without the quiet.
#include "properties/races/RemoteRaces.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::properties;
using namespace rankfold::properties::races;

namespace {

constexpr std::uint64_t kBarrier = sync_token(SyncChannel::Collective, 9);

RemoteOpEvent shmem_put(int origin, int target, ByteRange bytes) {
    RemoteOpEvent e;
    e.origin = origin;
    e.target = target;
    e.window = kShmemWindow;
    e.bytes = bytes;
    e.writes = true;
    e.site = 1;
    e.name = "shmem_int_put";
    return e;
}

// The landing of `origin`'s put of `bytes` at `target` (and of its signal word, if any),
// carrying the token a wait_until on the word it wrote acquires.
RemoteCompletionEvent landing(int origin, int target, ByteRange bytes, ByteRange signal = {}) {
    RemoteCompletionEvent e{origin, kShmemWindow, target, false,
                            shmem_signal_token(target, signal.high > 0 ? signal.low : bytes.low)};
    e.shmem = ShmemOrdering::Landing;
    e.landed = bytes;
    e.landed_signal = signal;
    return e;
}

RemoteCompletionEvent fence(int origin) {
    RemoteCompletionEvent e{origin, kShmemWindow, -1, false, 0};
    e.shmem = ShmemOrdering::Fence;
    return e;
}

void barrier(RemoteRaces& r, int ranks) {
    for (int k = 0; k < ranks; ++k) r.sync({k, SyncStep::Arrive, kBarrier});
    for (int k = 0; k < ranks; ++k) r.sync({k, SyncStep::Depart, kBarrier});
}

} // namespace

TEST_CASE("SHMEM races: a wait_until on the flag a landing wrote orders the data fenced "
          "before it",
          "[races][shmem]") {
    RemoteRaces r(2);
    REQUIRE_FALSE(r.issue(shmem_put(0, 1, {100, 112}))); // the data
    r.complete(fence(0));
    REQUIRE_FALSE(r.issue(shmem_put(0, 1, {200, 208}))); // the flag
    r.complete(landing(0, 1, {100, 112}));               // data lands
    r.complete(landing(0, 1, {200, 208}));               // flag lands
    CHECK(r.access(1, {100, 104}, false));               // not yet: PE 1 has not seen the flag
    r.sync({1, SyncStep::Acquire, shmem_signal_token(1, 200)}); // its wait_until wakes
    CHECK_FALSE(r.access(1, {100, 104}, false));
    // A wait on another word learns nothing.
    RemoteRaces other(2);
    REQUIRE_FALSE(other.issue(shmem_put(0, 1, {100, 112})));
    other.complete(landing(0, 1, {100, 112}));
    other.sync({1, SyncStep::Acquire, shmem_signal_token(1, 300)});
    CHECK(other.access(1, {100, 104}, false));
}

TEST_CASE("SHMEM races: without a fence the flag's landing says nothing of the data before it",
          "[races][shmem]") {
    // They land in order here, but the standard promises that order only across a fence.
    RemoteRaces r(2);
    REQUIRE_FALSE(r.issue(shmem_put(0, 1, {100, 112})));
    REQUIRE_FALSE(r.issue(shmem_put(0, 1, {200, 208})));
    r.complete(landing(0, 1, {100, 112}));
    r.complete(landing(0, 1, {200, 208}));
    r.sync({1, SyncStep::Acquire, shmem_signal_token(1, 200)});
    CHECK_FALSE(r.access(1, {200, 208}, false)); // the flag itself is known
    CHECK(r.access(1, {100, 104}, false));       // the data is not
    // A fence after the flag orders nothing before it.
    RemoteRaces late(2);
    REQUIRE_FALSE(late.issue(shmem_put(0, 1, {100, 112})));
    REQUIRE_FALSE(late.issue(shmem_put(0, 1, {200, 208})));
    late.complete(fence(0));
    late.complete(landing(0, 1, {100, 112}));
    late.complete(landing(0, 1, {200, 208}));
    late.sync({1, SyncStep::Acquire, shmem_signal_token(1, 200)});
    CHECK(late.access(1, {100, 104}, false));
}

TEST_CASE("SHMEM races: a put-with-signal orders its own data before its signal, no other",
          "[races][shmem]") {
    RemoteRaces r(2);
    REQUIRE_FALSE(r.issue(shmem_put(0, 1, {100, 108}))); // an earlier, unfenced put
    REQUIRE_FALSE(r.issue(shmem_put(0, 1, {120, 128}))); // the put-with-signal's data
    REQUIRE_FALSE(r.issue(shmem_put(0, 1, {200, 208}))); // and its signal
    r.complete(landing(0, 1, {100, 108}));
    r.complete(landing(0, 1, {120, 128}, {200, 208}));
    r.sync({1, SyncStep::Acquire, shmem_signal_token(1, 200)});
    CHECK_FALSE(r.access(1, {120, 128}, false));
    CHECK(r.access(1, {100, 108}, false));
}

TEST_CASE("SHMEM races: two puts of one PE on one word race unless a fence orders them",
          "[races][shmem]") {
    RemoteRaces unfenced(2);
    REQUIRE_FALSE(unfenced.issue(shmem_put(0, 1, {100, 104})));
    CHECK(unfenced.issue(shmem_put(0, 1, {100, 104}))); // Schwitanski, Fig. 2.9b
    RemoteRaces fenced(2);
    REQUIRE_FALSE(fenced.issue(shmem_put(0, 1, {100, 104})));
    fenced.complete(fence(0));
    CHECK_FALSE(fenced.issue(shmem_put(0, 1, {100, 104})));
    // A third one after no further fence races with the second, not the first.
    CHECK(fenced.issue(shmem_put(0, 1, {100, 104})));
    // Another PE's put is not ordered by PE 0's fence.
    RemoteRaces two(3);
    REQUIRE_FALSE(two.issue(shmem_put(0, 1, {100, 104})));
    two.complete(fence(0));
    CHECK(two.issue(shmem_put(2, 1, {100, 104})));
}

TEST_CASE("SHMEM races: fence counts are kept as their order, not their number", "[races][shmem]") {
    // One fence or three between the same two puts: the same state.
    RemoteRaces one(2);
    RemoteRaces three(2);
    REQUIRE_FALSE(one.issue(shmem_put(0, 1, {100, 104})));
    REQUIRE_FALSE(three.issue(shmem_put(0, 1, {100, 104})));
    one.complete(fence(0));
    for (int k = 0; k < 3; ++k) three.complete(fence(0));
    REQUIRE_FALSE(one.issue(shmem_put(0, 1, {200, 204})));
    REQUIRE_FALSE(three.issue(shmem_put(0, 1, {200, 204})));
    CHECK(one == three);
    // A fence after the last put is remembered: it orders that put before the next ones.
    one.complete(fence(0));
    CHECK_FALSE(one == three);
    CHECK_FALSE(one.issue(shmem_put(0, 1, {200, 204})));
}

TEST_CASE("SHMEM races: quiet and barrier order a landed put; a sync alone does not",
          "[races][shmem]") {
    RemoteRaces r(2);
    REQUIRE_FALSE(r.issue(shmem_put(0, 1, {100, 104})));
    // It landed (nobody waited on it), then a sync without the quiet: still a race.
    r.complete({0, kShmemWindow, 1, false, shmem_signal_token(1, 100)});
    barrier(r, 2);
    CHECK(r.access(1, {100, 104}, true));
    // The origin's quiet, then a barrier: ordered (a later completion adds to the first).
    r.complete({0, kShmemWindow, -1, true, 0});
    barrier(r, 2);
    CHECK_FALSE(r.access(1, {100, 104}, true));
    CHECK(r.empty());
}

TEST_CASE("SHMEM races: two puts of different PEs on one word race; two atomics do not",
          "[races][shmem]") {
    RemoteRaces r(3);
    REQUIRE_FALSE(r.issue(shmem_put(0, 1, {100, 108})));
    CHECK(r.issue(shmem_put(2, 1, {104, 112})));
    RemoteRaces atomics(3);
    RemoteOpEvent add = shmem_put(0, 1, {100, 108});
    add.atomic = true;
    add.atomic_type = 8;
    REQUIRE_FALSE(atomics.issue(add));
    add.origin = 2;
    CHECK_FALSE(atomics.issue(add));
}
