#include "properties/races/RaceMonitor.hpp"
#include "properties/races/RemoteRaces.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::properties;
using namespace rankfold::properties::races;
using rankfold::CodeLocation;

namespace {

constexpr std::uint64_t kWin = 7;
constexpr std::uint64_t kFence = sync_token(SyncChannel::Collective, 1);
constexpr std::uint64_t kBarrier = sync_token(SyncChannel::Collective, 2);

RemoteOpEvent put(int origin, int target, ByteRange bytes, std::uintptr_t site = 1) {
    RemoteOpEvent e;
    e.origin = origin;
    e.target = target;
    e.window = kWin;
    e.bytes = bytes;
    e.writes = true;
    e.site = site;
    e.name = "MPI_Put";
    return e;
}

RemoteOpEvent get(int origin, int target, ByteRange bytes) {
    RemoteOpEvent e = put(origin, target, bytes);
    e.writes = false;
    e.name = "MPI_Get";
    return e;
}

RemoteOpEvent accumulate(int origin, int target, ByteRange bytes, std::uint64_t op,
                         std::uint64_t type = 1) {
    RemoteOpEvent e = put(origin, target, bytes);
    e.atomic = true;
    e.atomic_op = op;
    e.atomic_type = type;
    e.name = "MPI_Accumulate";
    return e;
}

// Every rank of `ranks` does the fence: completes its operations, arrives, then departs.
void fence(RemoteRaces& r, int ranks) {
    for (int k = 0; k < ranks; ++k) {
        r.complete({k, kWin, -1, true, 0});
        r.sync({k, SyncStep::Arrive, kFence});
    }
    for (int k = 0; k < ranks; ++k) r.sync({k, SyncStep::Depart, kFence});
}

class Collected : public Verdicts {
public:
    std::vector<Violation> violations;
    void report_violation(Violation v) override { violations.push_back(std::move(v)); }
    void report_warning(Violation) override {}
};

} // namespace

TEST_CASE("remote conflicts follow the compatibility table", "[races][remote]") {
    const auto atomic = [](std::uint64_t op, std::uint64_t type, bool no_op = false) {
        RemoteOp a;
        a.writes = !no_op;
        a.atomic = true;
        a.atomic_op = op;
        a.atomic_type = type;
        a.no_op = no_op;
        return a;
    };
    RemoteOp p, g;
    p.writes = true;
    const RemoteOp acc_sum = atomic(1, 1), acc_sum2 = atomic(1, 1), acc_max = atomic(2, 1),
                   acc_other_type = atomic(1, 2), fetch = atomic(9, 1, true);
    CHECK(remote_conflict(p, p));
    CHECK(remote_conflict(p, g));
    CHECK_FALSE(remote_conflict(g, g)); // two reads
    CHECK_FALSE(remote_conflict(acc_sum, acc_sum2));
    CHECK(remote_conflict(acc_sum, acc_max));        // different operators
    CHECK(remote_conflict(acc_sum, acc_other_type)); // different types
    CHECK(remote_conflict(acc_sum, p));              // Put + Accumulate
    CHECK_FALSE(remote_conflict(acc_sum, fetch));    // MPI_NO_OP reads atomically
}

TEST_CASE("a put races with the target's load in the same fence epoch", "[races][remote]") {
    RemoteRaces r(2);
    fence(r, 2);
    REQUIRE_FALSE(r.issue(put(0, 1, {100, 104})));
    const auto c = r.access(1, {100, 104}, false);
    REQUIRE(c);
    CHECK(c->op->origin == 0);
    CHECK(c->bytes == ByteRange{100, 104});
    CHECK_FALSE(r.access(1, {104, 108}, true)); // disjoint bytes
    CHECK_FALSE(r.access(0, {100, 104}, true)); // another rank's memory
    CHECK(r.hull(1) == ByteRange{100, 104});
}

TEST_CASE("after the closing fence the target's access is ordered", "[races][remote]") {
    RemoteRaces r(2);
    REQUIRE_FALSE(r.issue(put(0, 1, {100, 104})));
    // Rank 1 departs only after rank 0 arrived (the fence is a join).
    r.complete({0, kWin, -1, true, 0});
    r.sync({0, SyncStep::Arrive, kFence});
    r.complete({1, kWin, -1, true, 0});
    r.sync({1, SyncStep::Arrive, kFence});
    r.sync({1, SyncStep::Depart, kFence});
    CHECK_FALSE(r.access(1, {100, 104}, false));
    r.sync({0, SyncStep::Depart, kFence});
    CHECK(r.empty()); // everyone knows: nothing left in the state
}

TEST_CASE("completion alone does not order the target: it must learn of it", "[races][remote]") {
    RemoteRaces r(2);
    REQUIRE_FALSE(r.issue(put(0, 1, {100, 104})));
    r.complete({0, kWin, 1, true, 0});     // MPI_Win_unlock(1) at rank 0
    CHECK(r.access(1, {100, 104}, false)); // rank 1 has not synchronised
    r.sync({0, SyncStep::Arrive, kBarrier});
    r.sync({1, SyncStep::Arrive, kBarrier});
    r.sync({1, SyncStep::Depart, kBarrier});
    CHECK_FALSE(r.access(1, {100, 104}, false));
}

TEST_CASE("a message after the completion orders the receiver only", "[races][remote]") {
    RemoteRaces r(3);
    const std::uint64_t message = sync_token(SyncChannel::Message, 42);
    REQUIRE_FALSE(r.issue(put(0, 1, {100, 104})));
    r.sync({0, SyncStep::Release, message}); // a send before the flush carries nothing
    r.complete({0, kWin, 1, true, 0});
    r.sync({1, SyncStep::Acquire, message});
    CHECK(r.access(1, {100, 104}, true));
    const std::uint64_t second = sync_token(SyncChannel::Message, 43);
    r.sync({0, SyncStep::Release, second});
    r.sync({1, SyncStep::Acquire, second});
    CHECK_FALSE(r.access(1, {100, 104}, true));
}

TEST_CASE("two origins putting to overlapping bytes in one epoch race", "[races][remote]") {
    RemoteRaces r(3);
    REQUIRE_FALSE(r.issue(put(0, 2, {100, 108})));
    const auto c = r.issue(put(1, 2, {104, 112}));
    REQUIRE(c);
    CHECK(c->op->origin == 0);
    CHECK(c->bytes == ByteRange{104, 108});
    CHECK_FALSE(r.issue(put(1, 2, {108, 112}))); // disjoint bytes
    CHECK_FALSE(r.issue(get(1, 0, {100, 108}))); // another target
}

TEST_CASE("same-operator accumulates do not race, a put among them does", "[races][remote]") {
    RemoteRaces r(3);
    REQUIRE_FALSE(r.issue(accumulate(0, 2, {100, 104}, 1)));
    CHECK_FALSE(r.issue(accumulate(1, 2, {100, 104}, 1)));
    CHECK(r.issue(accumulate(1, 2, {100, 104}, 2)));
    CHECK(r.issue(put(1, 2, {100, 104})));
}

TEST_CASE("an exclusive lock orders the epochs of two origins", "[races][remote]") {
    RemoteRaces r(3);
    const std::uint64_t lock = sync_token(SyncChannel::Lock, 2);
    REQUIRE_FALSE(r.issue(put(0, 2, {100, 104})));
    r.complete({0, kWin, 2, true, 0}); // unlock
    r.sync({0, SyncStep::Release, lock});
    r.sync({1, SyncStep::Acquire, lock}); // rank 1's exclusive lock
    CHECK_FALSE(r.issue(put(1, 2, {100, 104})));
}

TEST_CASE("MPI_Win_complete's operations are known at the target's MPI_Win_wait only",
          "[races][remote]") {
    RemoteRaces r(2);
    const std::uint64_t post_wait = sync_token(SyncChannel::PostWait, kWin);
    REQUIRE_FALSE(r.issue(put(0, 1, {100, 104})));
    r.complete({0, kWin, -1, false, post_wait});
    CHECK(r.access(1, {100, 104}, false));
    r.sync({1, SyncStep::Acquire, post_wait});
    CHECK_FALSE(r.access(1, {100, 104}, false));
}

TEST_CASE("the race monitor reports both sides of a remote race", "[races][remote]") {
    Collected verdicts;
    RaceMonitor monitor{
        verdicts, 2, [](std::uintptr_t site) {
            return std::optional<CodeLocation>(CodeLocation{"p.c", static_cast<int>(site), ""});
        }};
    monitor.on_remote_op(put(0, 1, {100, 104}, 20));
    CHECK(monitor.hull(1) == ByteRange{100, 104});
    CHECK(monitor.save() != nullptr); // the live operation is part of the state
    monitor.on_memory_access({1, 100, 4, false, 30, ""});
    REQUIRE(verdicts.violations.size() == 1);
    const Violation& v = verdicts.violations[0];
    CHECK(v.subkind == "remote");
    REQUIRE(v.race);
    CHECK(v.race->first.rank == 0);
    CHECK(v.race->first.location->line == 20);
    CHECK(v.race->second.rank == 1);
    CHECK(v.race->second.location->line == 30);
    CHECK(v.race->second.access == "load");
}

TEST_CASE("a target's own store before the put, not ordered before it, races", "[races][remote]") {
    RemoteRaces r(2);
    r.expose(1, {{100, 116}});
    r.record(1, {100, 104}, true, 30, "");
    r.record(1, {200, 204}, true, 31, ""); // not exposed: not remembered
    const auto c = r.issue(put(0, 1, {100, 104}));
    REQUIRE(c);
    REQUIRE(c->earlier != nullptr);
    CHECK(c->earlier_write);
    CHECK(c->earlier->write_site == 30);
    CHECK(r.hull(1) == ByteRange{100, 116});
}

TEST_CASE("a barrier between the target's store and the put orders them", "[races][remote]") {
    RemoteRaces r(2);
    r.expose(1, {{100, 116}});
    r.record(1, {100, 104}, true, 30, "");
    r.record(1, {104, 108}, false, 32, "");
    CHECK_FALSE(r.issue(get(0, 1, {104, 108}))); // a read and a read
    r.sync({1, SyncStep::Arrive, kBarrier});
    r.sync({0, SyncStep::Arrive, kBarrier});
    r.sync({0, SyncStep::Depart, kBarrier});
    CHECK_FALSE(r.issue(put(0, 1, {100, 104})));
}

TEST_CASE("a target's own accesses against live operations: only two reads agree",
          "[races][remote]") {
    RemoteRaces r(2);
    r.expose(1, {{100, 200}});
    REQUIRE_FALSE(r.issue(get(0, 1, {100, 104})));
    REQUIRE_FALSE(r.issue(accumulate(0, 1, {120, 128}, 3)));
    CHECK_FALSE(r.access(1, {100, 104}, false)); // a load and a get both read
    CHECK(r.access(1, {102, 103}, true));        // a store into the get's bytes
    CHECK(r.access(1, {124, 125}, false));       // a load of the accumulate's bytes
    CHECK_FALSE(r.access(1, {104, 120}, true));  // between the two
    CHECK_FALSE(r.access(0, {100, 104}, true));  // another rank's own memory
}

TEST_CASE("a target's stores walking its window are one record, wherever they go next",
          "[races][remote]") {
    RemoteRaces r(2);
    r.expose(1, {{100, 200}});
    for (std::uintptr_t a = 100; a < 140; ++a) r.record(1, {a, a + 1}, true, 5, ""); // upwards
    r.record(1, {180, 184}, true, 5, "");                                            // a jump
    r.record(1, {150, 152}, true, 5, ""); // and back below the last one
    REQUIRE(r.accesses().size() == 1);
    CHECK(r.accesses()[0].writes == std::vector<ByteRange>{{100, 140}, {150, 152}, {180, 184}});
    CHECK(r.issue(put(0, 1, {139, 141}))); // the last byte of the walk
    CHECK_FALSE(r.issue(put(0, 1, {140, 150})));
    CHECK(r.issue(get(0, 1, {151, 160}))); // a get of stored bytes
}

TEST_CASE("a window freed with a load still unknown leaves the joins' instances agreed",
          "[races][remote]") {
    // MPICH's large-small-acc: round after round a window over one buffer, two fences and a
    // free (one join token: the same slot and group). Each member's departure from the free
    // is counted before the last exposure ends and the instances reset (RemoteOrder::finished).
    RemoteRaces r(2);
    for (int round = 0; round < 3; ++round) {
        r.expose(0, {{100, 200}});
        r.expose(1, {{300, 400}});
        fence(r, 2);
        REQUIRE_FALSE(r.issue(put(0, 1, {300, 304})));
        fence(r, 2);
        INFO("round " << round);
        CHECK_FALSE(r.access(1, {300, 304}, false)); // ordered by the second fence
        r.record(1, {300, 304}, false, 9, "");       // known to rank 1 only, until the free
        r.sync({0, SyncStep::Arrive, kFence});       // MPI_Win_free
        r.sync({1, SyncStep::Arrive, kFence});
        r.sync({1, SyncStep::Depart, kFence});
        r.expose(1, {});
        CHECK_FALSE(r.empty());                // rank 0 has not learnt of rank 1's load yet
        r.sync({0, SyncStep::Depart, kFence}); // the last departure, then the last exposure
        r.expose(0, {});
        CHECK(r.empty());
    }
}

namespace {

constexpr std::uint64_t kWorld = sync_token(SyncChannel::Collective, 3);

// MPI_Win_create (or _allocate...) of a second window over the same memory, as RemoteOrder
// emits it while windows exist: each member arrives at its communicator's join, the members
// depart, then take their (unchanged) exposure again.
void create_window(RemoteRaces& r) {
    r.sync({1, SyncStep::Arrive, kWorld});
    r.sync({0, SyncStep::Arrive, kWorld});
    r.sync({0, SyncStep::Depart, kWorld});
    r.sync({1, SyncStep::Depart, kWorld});
}

} // namespace

TEST_CASE("a target's store before a window's creation comes before a put through it",
          "[races][remote]") {
    // MPICH's win_shared_create: rank 1 stores into its segment of a shared window, then a
    // second window exposes the same bytes and rank 0 puts there.
    RemoteRaces r(2);
    r.expose(0, {{1000, 1032}}, {{1000, 1064}});
    r.expose(1, {{1032, 1064}}, {{1000, 1064}});
    r.record(1, {1032, 1036}, true, 40, "");
    create_window(r);
    CHECK_FALSE(r.issue(put(0, 1, {1032, 1036})));
    // Creation is no memory sync: rank 0's direct load of the stored word still races.
    const auto c = r.access(0, {1032, 1036}, false);
    REQUIRE(c);
    REQUIRE(c->earlier != nullptr);
    CHECK(c->earlier->write_site == 40);
}

TEST_CASE("a target's store after a window's creation races with a put through it",
          "[races][remote]") {
    RemoteRaces r(2);
    r.expose(1, {{100, 116}});
    create_window(r);
    r.record(1, {100, 104}, true, 41, "");
    const auto c = r.issue(put(0, 1, {100, 104}));
    REQUIRE(c);
    REQUIRE(c->earlier != nullptr);
    CHECK(c->earlier->write_site == 41);
}

TEST_CASE("a creation's departure is counted only where its arrival was", "[races][remote]") {
    // The first window: its members arrived while nothing was followed (no Arrive sent), so
    // none departs (RemoteOrder::finished asks inside_join), whoever exposes first.
    RemoteRaces r(2);
    CHECK_FALSE(r.inside_join(0, kWorld));
    r.expose(0, {{100, 116}});
    CHECK_FALSE(r.inside_join(1, kWorld));
    r.expose(1, {{200, 216}});
    CHECK(r.odd_joins().empty());
    // A later creation: arrivals were counted, at whichever instance of the join.
    r.sync({0, SyncStep::Arrive, kWorld});
    CHECK(r.inside_join(0, kWorld));
    CHECK_FALSE(r.inside_join(0, kBarrier));
    r.sync({0, SyncStep::Depart, kWorld}); // the next instance is odd for rank 0
    r.sync({0, SyncStep::Arrive, kWorld});
    CHECK(r.inside_joins()[0] != kWorld);
    CHECK(r.inside_join(0, kWorld));
}
