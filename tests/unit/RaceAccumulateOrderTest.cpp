// Two origins' MPI_SUM accumulates on the same bytes of one target, landing in either order
// (rma-accumulate-two-origins): an atomic landing completes an accumulate before its origin
// knows it, and the origin's unlock teaches it later (RemoteRaces::complete). The remote race
// state must not depend on the order of the landings, and must not forget an accumulate whose
// origin has not learnt of it yet in favour of one whose origin has.
#include "properties/races/FutureKey.hpp"
#include "properties/races/RemoteRaces.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::properties;
using namespace rankfold::properties::races;

namespace {

constexpr std::uint64_t kWin = 9;
constexpr int kTarget = 0;
constexpr ByteRange kBytes{0x1000, 0x1008};
const std::uint64_t kWord = atomic_word_token(kTarget, kBytes.low);

RemoteOpEvent accumulate(int origin, std::uint64_t op) {
    RemoteOpEvent e;
    e.origin = origin;
    e.target = kTarget;
    e.window = kWin;
    e.bytes = kBytes;
    e.writes = true;
    e.atomic = true;
    e.atomic_op = op;
    e.atomic_type = 4;
    e.site = 20 + static_cast<std::uintptr_t>(origin);
    e.name = "MPI_Accumulate";
    return e;
}

// The accumulate of `origin` lands: complete at the target, known to whoever reads the word next
// (RankRuntime::atomic_landed).
void lands(RemoteRaces& r, int origin) {
    r.complete({.origin = origin,
                .window = 0,
                .target = kTarget,
                .origin_knows = false,
                .carrier = kWord,
                .bytes = kBytes});
    r.sync({origin, SyncStep::Release, kWord});
}

// `origin`'s MPI_Win_unlock of the target: its operations are complete, and it knows.
void unlocks(RemoteRaces& r, int origin) {
    r.complete({origin, kWin, kTarget, true, 0});
}

constexpr std::uint64_t kSum = 3;
constexpr std::uint64_t kReplace = 12;

} // namespace

TEST_CASE("two compatible accumulates landing in either order leave one remote race state",
          "[races][remote][forget]") {
    // Rank 1's lands first, and rank 1 unlocks before rank 2's lands; or rank 2's lands first.
    RemoteRaces first(3), second(3);
    for (RemoteRaces* r : {&first, &second}) {
        REQUIRE_FALSE(r->issue(accumulate(1, kSum)));
        REQUIRE_FALSE(r->issue(accumulate(2, kSum)));
    }
    lands(first, 1);
    unlocks(first, 1);
    lands(first, 2);
    lands(second, 2);
    lands(second, 1);
    unlocks(second, 1);
    CHECK(future_key(first) == future_key(second));
    // Rank 2's accumulate is complete but rank 1 does not know it: rank 1's next put on those
    // bytes races with it, in both orders. (Forgetting it when rank 1's own accumulate, known
    // alike then, completed too, lost this race in the second order.)
    const RemoteOpEvent put = [] {
        RemoteOpEvent e = accumulate(1, 0);
        e.atomic = false;
        e.name = "MPI_Put";
        return e;
    }();
    RemoteRaces first_put = first, second_put = second;
    const auto a = first_put.issue(put), b = second_put.issue(put);
    REQUIRE(a);
    REQUIRE(b);
    CHECK(a->op->origin == 2);
    CHECK(b->op->origin == 2);
    // Once rank 2 unlocks too, both know their own: again one state.
    unlocks(first, 2);
    unlocks(second, 2);
    CHECK(future_key(first) == future_key(second));
}

TEST_CASE("a completed accumulate its origin does not know yet keeps its origin in the key",
          "[races][remote][forget]") {
    // Rank 1's accumulate landed and rank 1 unlocked; rank 2's landed, rank 2 not unlocked (in
    // `pending2`); or the other way round (`pending1`): different futures (the next unlock
    // teaches a different rank), different keys.
    RemoteRaces pending2(3), pending1(3);
    for (RemoteRaces* r : {&pending2, &pending1}) {
        REQUIRE_FALSE(r->issue(accumulate(1, kSum)));
        REQUIRE_FALSE(r->issue(accumulate(2, kSum)));
        lands(*r, 1);
        lands(*r, 2);
    }
    unlocks(pending2, 1);
    unlocks(pending1, 2);
    CHECK(future_key(pending2) != future_key(pending1));
}

TEST_CASE("incompatible accumulates of two origins race whichever lands first",
          "[races][remote][forget]") {
    RemoteRaces r(3);
    REQUIRE_FALSE(r.issue(accumulate(1, kSum)));
    const auto c = r.issue(accumulate(2, kReplace)); // MPI_REPLACE against MPI_SUM
    REQUIRE(c);
    CHECK(c->op->origin == 1);
    RemoteRaces landed(3);
    REQUIRE_FALSE(landed.issue(accumulate(1, kSum)));
    lands(landed, 1);
    CHECK(landed.issue(accumulate(2, kReplace))); // landed, but rank 2 does not know it
}
