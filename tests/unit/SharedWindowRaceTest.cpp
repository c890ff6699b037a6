// Direct loads and stores into shared-memory windows (RemoteRaces.hpp, TargetAccesses::shared)
// and the order MPI_Win_sync gives them together with synchronisation, and MPI atomics as
// synchronisation (a fetching atomic learns what the word carried: the MCS lock's tail).
#include "properties/races/RemoteRaces.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::properties;
using namespace rankfold::properties::races;

namespace {

constexpr std::uint64_t kBarrier = sync_token(SyncChannel::Collective, 2);
constexpr ByteRange kSegment{1000, 1064}; // one shared window: both ranks' segments
constexpr ByteRange kWord{1000, 1004};

RemoteRaces shared_pair() {
    RemoteRaces r(2);
    r.expose(0, {{1000, 1032}}, {kSegment});
    r.expose(1, {{1032, 1064}}, {kSegment});
    return r;
}

void barrier(RemoteRaces& r) {
    r.sync({0, SyncStep::Arrive, kBarrier});
    r.sync({1, SyncStep::Arrive, kBarrier});
    r.sync({0, SyncStep::Depart, kBarrier});
    r.sync({1, SyncStep::Depart, kBarrier});
}

void win_sync(RemoteRaces& r, int rank) {
    r.sync({rank, SyncStep::MemorySync, 0});
}

// A writing one-sided operation through window 7: an MPI_Accumulate when atomic, else MPI_Put.
RemoteOpEvent writing_op(int origin, int target, ByteRange bytes, bool atomic) {
    RemoteOpEvent e;
    e.origin = origin;
    e.target = target;
    e.window = 7;
    e.bytes = bytes;
    e.writes = true;
    e.atomic = atomic;
    e.name = atomic ? "MPI_Accumulate" : "MPI_Put";
    return e;
}

// The MCS lock's ranks: rank 0 exposes its queue element, rank 1 holds the tail word.
constexpr ByteRange kElement{2000, 2004};
constexpr std::uint64_t kTail = atomic_word_token(1, 3000);
RemoteRaces mcs_ranks() {
    RemoteRaces r(3);
    r.expose(0, {{2000, 2016}});
    return r;
}

} // namespace

TEST_CASE("two ranks' stores to one shared word race", "[races][shared]") {
    RemoteRaces r = shared_pair();
    r.record(0, kWord, true, 11, "");
    const auto c = r.access(1, kWord, true);
    REQUIRE(c);
    REQUIRE(c->earlier != nullptr);
    CHECK(c->earlier->rank == 0);
    CHECK(c->earlier_write);
    CHECK_FALSE(r.access(1, {1004, 1008}, true)); // disjoint bytes
    CHECK_FALSE(r.access(0, kWord, false));       // the storing rank itself
    CHECK(r.hull(1) == kSegment);                 // every shared byte is watched
}

TEST_CASE("two loads of a shared word do not race", "[races][shared]") {
    RemoteRaces r = shared_pair();
    r.record(0, kWord, false, 11, "");
    CHECK_FALSE(r.access(1, kWord, false));
    CHECK(r.access(1, kWord, true)); // a store after the other's load
}

TEST_CASE("a barrier alone orders a load before another rank's store", "[races][shared]") {
    RemoteRaces r = shared_pair();
    r.record(1, kWord, false, 11, "");
    CHECK(r.access(0, kWord, true));
    barrier(r);
    CHECK_FALSE(r.access(0, kWord, true)); // only stores need publishing
}

TEST_CASE("a barrier without MPI_Win_sync does not order shared stores", "[races][shared]") {
    RemoteRaces r = shared_pair();
    r.record(1, kWord, true, 11, "");
    barrier(r);
    CHECK(r.access(0, kWord, false));
}

TEST_CASE("the loading rank's MPI_Win_sync is needed too", "[races][shared]") {
    RemoteRaces r = shared_pair();
    r.record(1, kWord, true, 11, "");
    win_sync(r, 1);
    barrier(r);
    CHECK(r.access(0, kWord, false)); // rank 0 learnt of it but has not synced its view
    win_sync(r, 0);
    CHECK_FALSE(r.access(0, kWord, false));
    CHECK(r.empty()); // both know: nothing left
}

TEST_CASE("MPI_Win_sync before the store publishes nothing", "[races][shared]") {
    RemoteRaces r = shared_pair();
    win_sync(r, 1);
    r.record(1, kWord, true, 11, "");
    barrier(r);
    win_sync(r, 0);
    CHECK(r.access(0, kWord, false));
}

TEST_CASE("one-sided operations are ordered after shared stores as for any window",
          "[races][shared]") {
    RemoteRaces r = shared_pair();
    r.record(1, kWord, true, 11, ""); // rank 1 stores into rank 0's segment
    const RemoteOpEvent put = writing_op(0, 0, kWord, false);
    const auto c = r.issue(put); // unordered with rank 1's store, though rank 0 is the target
    REQUIRE(c);
    CHECK(c->earlier->rank == 1);
    barrier(r);
    CHECK_FALSE(r.issue(put));        // a barrier orders it for the operation (no MPI_Win_sync)
    CHECK(r.access(0, kWord, false)); // but not for rank 0's own load
}

TEST_CASE("an atomic read of a word written by an atomic passes knowledge", "[races][atomic]") {
    // The MCS lock: rank 0 stores its element, then swaps the tail with fetch-and-op; rank 2's
    // fetch-and-op on the tail lands after it and its flush completes it: rank 2 then knows of
    // rank 0's store, and may accumulate into the element.
    RemoteRaces r = mcs_ranks();
    r.record(0, kElement, true, 11, "");
    r.sync({0, SyncStep::Release, kTail});                        // rank 0's swap lands
    r.sync({2, SyncStep::Forward, kTail, atomic_fetch_token(2)}); // rank 2's swap reads it
    r.sync({2, SyncStep::Acquire, atomic_fetch_token(2)});        // rank 2's flush
    CHECK_FALSE(r.issue(writing_op(2, 0, kElement, true)));
}

TEST_CASE("an atomic read that landed before the write learns nothing", "[races][atomic]") {
    RemoteRaces r = mcs_ranks();
    r.record(0, kElement, true, 11, "");
    r.sync({2, SyncStep::Forward, kTail, atomic_fetch_token(2)}); // rank 2's read first
    r.sync({0, SyncStep::Release, kTail});
    r.sync({2, SyncStep::Acquire, atomic_fetch_token(2)});
    CHECK(r.issue(writing_op(2, 0, kElement, false)));
}

TEST_CASE("an atomic's landing is known to whoever reads the word after it", "[races][atomic]") {
    // MCS unlock: rank 2 wrote rank 0's element with an accumulate; rank 0 reads it with
    // fetch-and-op (MPI_NO_OP) after the landing, and may then store to the element.
    RemoteRaces r = mcs_ranks();
    const ByteRange element = kElement;
    REQUIRE_FALSE(r.issue(writing_op(2, 0, element, true)));
    CHECK(r.access(0, element, true)); // not landed: rank 0's store races
    const std::uint64_t word = atomic_word_token(0, element.low);
    r.complete({.origin = 2,
                .window = 0,
                .target = 0,
                .origin_knows = false,
                .carrier = word,
                .bytes = element}); // it landed
    r.sync({2, SyncStep::Release, word});
    CHECK(r.access(0, element, true)); // rank 0 has not read the word yet
    r.sync({0, SyncStep::Forward, word, atomic_fetch_token(0)});
    r.sync({0, SyncStep::Acquire, atomic_fetch_token(0)});
    CHECK_FALSE(r.access(0, element, true));
}
