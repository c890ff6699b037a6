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

void barrier(RemoteRaces& r, int ranks) {
    for (int k = 0; k < ranks; ++k) r.sync({k, SyncStep::Arrive, kBarrier});
    for (int k = 0; k < ranks; ++k) r.sync({k, SyncStep::Depart, kBarrier});
}

} // namespace

TEST_CASE("SHMEM races: a wait_until on the flag a landing wrote orders the data before it",
          "[races][shmem]") {
    RemoteRaces r(2);
    REQUIRE_FALSE(r.issue(shmem_put(0, 1, {100, 112})));                  // the data
    REQUIRE_FALSE(r.issue(shmem_put(0, 1, {200, 208})));                  // the flag
    r.complete({0, kShmemWindow, 1, false, shmem_signal_token(1, 100)}); // data lands
    r.complete({0, kShmemWindow, 1, false, shmem_signal_token(1, 200)}); // flag lands
    CHECK(r.access(1, {100, 104}, false)); // not yet: PE 1 has not seen the flag
    r.sync({1, SyncStep::Acquire, shmem_signal_token(1, 200)}); // its wait_until wakes
    CHECK_FALSE(r.access(1, {100, 104}, false));
    // A wait on another word learns nothing.
    RemoteRaces other(2);
    REQUIRE_FALSE(other.issue(shmem_put(0, 1, {100, 112})));
    other.complete({0, kShmemWindow, 1, false, shmem_signal_token(1, 100)});
    other.sync({1, SyncStep::Acquire, shmem_signal_token(1, 300)});
    CHECK(other.access(1, {100, 104}, false));
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
