// The forgetting rules of the remote race state (ForgetRules.hpp) and its canonical key
// (FutureKey.hpp): what is dropped is redundant — a race it would have found is still found —
// and what can still tell two continuations apart is kept.
#include "properties/races/ForgetRules.hpp"
#include "properties/races/FutureKey.hpp"
#include "properties/races/RaceMonitor.hpp"
#include "properties/races/RemoteRaces.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::properties;
using namespace rankfold::properties::races;

namespace {

constexpr std::uint64_t kWin = 7;
constexpr std::uint64_t kLock = sync_token(SyncChannel::Lock, 2);
constexpr std::uint64_t kPostWait = sync_token(SyncChannel::PostWait, kWin);

RemoteOpEvent put(int origin, int target, ByteRange bytes) {
    RemoteOpEvent e;
    e.origin = origin;
    e.target = target;
    e.window = kWin;
    e.bytes = bytes;
    e.writes = true;
    e.site = 10 + static_cast<std::uintptr_t>(origin);
    e.name = "MPI_Put";
    return e;
}

RemoteOpEvent get(int origin, int target, ByteRange bytes) {
    RemoteOpEvent e = put(origin, target, bytes);
    e.writes = false;
    e.name = "MPI_Get";
    return e;
}

// An exclusive-lock epoch of `origin` at target 2 with one put: lock, put, unlock.
void locked_put(RemoteRaces& r, int origin, ByteRange bytes) {
    r.sync({origin, SyncStep::Acquire, kLock});
    REQUIRE_FALSE(r.issue(put(origin, 2, bytes)));
    r.complete({origin, kWin, 2, true, 0});
    r.sync({origin, SyncStep::Release, kLock});
}

} // namespace

TEST_CASE("a completed operation known less than an earlier one makes it redundant",
          "[races][remote][forget]") {
    RemoteRaces r(4);
    locked_put(r, 0, {100, 104});
    locked_put(r, 1, {100, 108}); // knows rank 0's put: K = {1} within {0, 1}
    REQUIRE(r.live().size() == 1);
    CHECK(r.live()[0].origin == 1);
    // Every race rank 0's put could still take part in is found with rank 1's.
    const auto load = r.access(2, {100, 104}, false);
    REQUIRE(load);
    CHECK(load->bytes == ByteRange{100, 104});
    CHECK(r.issue(put(3, 2, {102, 103}))); // rank 3 knows neither
    CHECK(r.issue(put(0, 2, {100, 104}))); // rank 0 does not know rank 1's put
}

TEST_CASE("an operation that others know of less than a later one is kept",
          "[races][remote][forget]") {
    RemoteRaces r(4);
    locked_put(r, 1, {100, 108});
    locked_put(r, 0, {100, 104}); // rank 0 knows rank 1's put; rank 1 does not know rank 0's
    REQUIRE(r.live().size() == 2);
    const auto c = r.issue(put(1, 2, {100, 104}));
    REQUIRE(c);
    REQUIRE(c->op != nullptr);
    CHECK(c->op->origin == 0); // the race only the kept operation can find
}

TEST_CASE("an operation whose bytes are not held by the other one is kept",
          "[races][remote][forget]") {
    RemoteRaces r(4);
    locked_put(r, 0, {100, 112});
    locked_put(r, 1, {100, 104});
    REQUIRE(r.live().size() == 2);
    const auto c = r.access(2, {108, 112}, true);
    REQUIRE(c);
    CHECK(c->op->origin == 0);
}

TEST_CASE("a plain read does not stand for a write", "[races][remote][forget]") {
    RemoteRaces r(4);
    r.sync({0, SyncStep::Acquire, kLock});
    REQUIRE_FALSE(r.issue(put(0, 2, {100, 104})));
    r.complete({0, kWin, 2, true, 0});
    r.sync({0, SyncStep::Release, kLock});
    r.sync({1, SyncStep::Acquire, kLock});
    REQUIRE_FALSE(r.issue(get(1, 2, {100, 108})));
    r.complete({1, kWin, 2, true, 0});
    REQUIRE(r.live().size() == 2); // the get's conflicts do not cover the put's
    CHECK(r.issue(get(3, 2, {100, 104})));
}

TEST_CASE("pending operations of one origin to one target fold into the widest",
          "[races][remote][forget]") {
    RemoteRaces r(3);
    REQUIRE_FALSE(r.issue(get(0, 1, {100, 104})));
    REQUIRE_FALSE(r.issue(get(0, 1, {96, 108})));
    REQUIRE_FALSE(r.issue(get(0, 2, {100, 104}))); // another target: kept
    REQUIRE(r.live().size() == 2);
    CHECK(r.access(1, {100, 104}, true));
    r.complete({0, kWin, 1, true, 0});
    CHECK(r.access(1, {100, 101}, true)); // complete, but rank 1 does not know yet
    CHECK(r.access(2, {100, 101}, true)); // still pending
}

TEST_CASE("pending operations of two origins are both kept", "[races][remote][forget]") {
    RemoteRaces r(3);
    REQUIRE_FALSE(r.issue(get(0, 2, {100, 104})));
    REQUIRE_FALSE(r.issue(get(1, 2, {96, 108})));
    REQUIRE(r.live().size() == 2);
    r.complete({1, kWin, 2, true, 0}); // rank 0's get is still pending
    const auto c = r.access(2, {100, 104}, true);
    REQUIRE(c);
    CHECK(c->op->origin == 0);
}

TEST_CASE("a target's newer accesses make an older record others know of redundant",
          "[races][remote][forget]") {
    RemoteRaces r(3);
    const std::uint64_t message = sync_token(SyncChannel::Message, 5);
    r.expose(1, {{100, 116}});
    r.record(1, {100, 104}, true, 30, "");
    r.sync({1, SyncStep::Release, message});
    r.sync({0, SyncStep::Acquire, message}); // rank 0 knows the first store
    r.record(1, {100, 108}, true, 31, "");   // a second store nobody knows of
    REQUIRE(r.accesses().size() == 1);
    const auto c = r.issue(put(0, 1, {100, 104}));
    REQUIRE(c);
    REQUIRE(c->earlier != nullptr);
    CHECK(c->earlier->write_site == 31);
}

TEST_CASE("a target's later read does not make an older store redundant",
          "[races][remote][forget]") {
    RemoteRaces r(3);
    const std::uint64_t message = sync_token(SyncChannel::Message, 5);
    r.expose(1, {{100, 116}});
    r.record(1, {100, 104}, true, 30, "");
    r.sync({1, SyncStep::Release, message});
    r.sync({0, SyncStep::Acquire, message});
    r.record(1, {100, 104}, false, 31, "");
    REQUIRE(r.accesses().size() == 2);
    const auto c = r.issue(get(2, 1, {100, 104})); // rank 2 knows neither: the store races
    REQUIRE(c);
    REQUIRE(c->earlier != nullptr);
    CHECK(c->earlier_write);
    CHECK(c->earlier->write_site == 30);
}

TEST_CASE("records of one rank that know the same are merged", "[races][remote][forget]") {
    TargetAccesses a, b;
    a.rank = b.rank = 1;
    a.knowers = b.knowers = 0b011;
    a.carriers = b.carriers = {kLock};
    a.writes = {{100, 104}};
    a.write_site = 30;
    b.reads = {{200, 208}};
    b.read_site = 31;
    TargetAccesses other = b;
    other.rank = 2;
    std::vector<TargetAccesses> records{a, b, other};
    std::vector<RemoteOp> ops;
    forget_redundant(ops, records);
    REQUIRE(records.size() == 2);
    CHECK(records[0].writes == std::vector<ByteRange>{{100, 104}});
    CHECK(records[0].reads == std::vector<ByteRange>{{200, 208}});
    CHECK(records[0].write_site == 30);
    CHECK(records[0].read_site == 31);
}

TEST_CASE("the state's key ignores how its knowledge was reached", "[races][remote][forget]") {
    // Two origins' completed operations that nobody knows yet (MPI_Win_complete): the same
    // future whichever origin issued them and in which order.
    RemoteRaces a(3), b(3);
    REQUIRE_FALSE(a.issue(put(0, 2, {100, 104})));
    REQUIRE_FALSE(a.issue(put(1, 2, {200, 204})));
    REQUIRE_FALSE(b.issue(put(1, 2, {200, 204})));
    REQUIRE_FALSE(b.issue(put(0, 2, {100, 104})));
    CHECK(future_key(a) == future_key(b)); // the order of issue alone: equal
    for (RemoteRaces* r : {&a, &b}) {
        r->complete({0, kWin, -1, false, kPostWait});
        r->complete({1, kWin, -1, false, kPostWait});
    }
    RemoteRaces c(3);
    REQUIRE_FALSE(c.issue(put(1, 2, {100, 104}))); // the other origin's bytes
    REQUIRE_FALSE(c.issue(put(0, 2, {200, 204})));
    c.complete({0, kWin, -1, false, kPostWait});
    c.complete({1, kWin, -1, false, kPostWait});
    CHECK(future_key(a) == future_key(b));
    // Complete, but not known to their origins (MPI_Win_complete): an origin's later flush,
    // unlock or fence still teaches its own, so which origin issued which still matters.
    CHECK(future_key(a) != future_key(c));
    a.sync({2, SyncStep::Acquire, kPostWait});
    CHECK(future_key(a) != future_key(b)); // rank 2 knows them in one and not the other
    REQUIRE_FALSE(b.issue(put(0, 2, {300, 304})));
    REQUIRE_FALSE(c.issue(put(1, 2, {300, 304})));
    CHECK(future_key(b) != future_key(c)); // pending: its origin's completion is still to come
}

TEST_CASE("the monitor's states compare by the key", "[races][remote][forget]") {
    class Quiet : public Verdicts {
        void report_violation(Violation) override { FAIL("no race expected"); }
        void report_warning(Violation) override {}
    } verdicts;
    RaceMonitor first(verdicts, 3, {}), second(verdicts, 3, {});
    for (const int origin : {0, 1}) {
        first.on_remote_op(put(origin, 2,
                               {100 + 100 * static_cast<std::uintptr_t>(origin),
                                104 + 100 * static_cast<std::uintptr_t>(origin)}));
        first.on_remote_completion({origin, kWin, -1, false, kPostWait});
    }
    for (const int origin : {1, 0}) {
        second.on_remote_op(put(origin, 2,
                                {100 + 100 * static_cast<std::uintptr_t>(origin),
                                 104 + 100 * static_cast<std::uintptr_t>(origin)}));
        second.on_remote_completion({origin, kWin, -1, false, kPostWait});
    }
    const auto x = first.save(), y = second.save();
    REQUIRE(x);
    REQUIRE(y);
    CHECK(x->equals(*y));
    rankfold::snapshot::FingerprintBuilder fx, fy;
    x->fingerprint(fx);
    y->fingerprint(fy);
    CHECK(fx.digest() == fy.digest());
}

TEST_CASE("a rank blocked in a join that carries an operation counts as knowing it",
          "[races][remote][forget]") {
    // Ranks 0 and 1 meet in a join of their own (a sub-communicator barrier); rank 2 is not in
    // it. In `told` rank 1 learned of rank 0's put by a message before arriving; in `blocked`
    // it will learn at its departure, and it can do nothing before: the same future.
    const std::uint64_t pair = sync_token(SyncChannel::Collective, 9);
    const std::uint64_t message = sync_token(SyncChannel::Message, 5);
    RemoteRaces told(3), blocked(3);
    for (RemoteRaces* r : {&told, &blocked}) {
        REQUIRE_FALSE(r->issue(put(0, 2, {100, 104})));
        r->complete({0, kWin, 2, true, 0});
    }
    told.sync({0, SyncStep::Release, message});
    told.sync({1, SyncStep::Acquire, message});
    for (RemoteRaces* r : {&told, &blocked}) {
        r->sync({0, SyncStep::Arrive, pair});
        r->sync({1, SyncStep::Arrive, pair});
    }
    CHECK(told.live()[0].knowers != blocked.live()[0].knowers);
    CHECK(future_key(told) == future_key(blocked));
    // Rank 2 knows nothing in either: its access still races.
    CHECK(blocked.access(2, {100, 104}, false));
    blocked.sync({1, SyncStep::Depart, pair});
    CHECK_FALSE(blocked.issue(put(1, 2, {200, 204}))); // (no overlap: not a race anyway)
    CHECK((blocked.live()[0].knowers & 0b010) != 0);   // learnt at its departure
}

TEST_CASE("a rank that has not arrived yet does not count as knowing", "[races][remote][forget]") {
    const std::uint64_t pair = sync_token(SyncChannel::Collective, 9);
    RemoteRaces arrived(3), running(3);
    for (RemoteRaces* r : {&arrived, &running}) {
        REQUIRE_FALSE(r->issue(put(0, 2, {100, 104})));
        r->complete({0, kWin, 2, true, 0});
        r->sync({0, SyncStep::Arrive, pair});
    }
    arrived.sync({1, SyncStep::Arrive, pair});
    CHECK(future_key(arrived) != future_key(running));
    // The running rank 1 can still put to those bytes before it arrives: a race.
    CHECK(running.issue(put(1, 2, {100, 104})));
}

TEST_CASE("an operation that every rank knows or will know before acting leaves the key",
          "[races][remote][forget]") {
    constexpr std::uint64_t kBarrier = sync_token(SyncChannel::Collective, 2);
    RemoteRaces with_op(2), without(2);
    for (RemoteRaces* r : {&with_op, &without}) r->expose(1, {{100, 116}}); // joins followed
    REQUIRE_FALSE(with_op.issue(put(0, 1, {100, 104})));
    with_op.complete({0, kWin, 1, true, 0});
    for (RemoteRaces* r : {&with_op, &without}) {
        r->sync({0, SyncStep::Arrive, kBarrier});
        r->sync({1, SyncStep::Arrive, kBarrier});
    }
    CHECK(with_op.live().size() == 1); // kept until rank 1 departs
    CHECK(future_key(with_op) == future_key(without));
    with_op.sync({1, SyncStep::Depart, kBarrier});
    with_op.sync({0, SyncStep::Depart, kBarrier});
    CHECK(with_op.empty());
}

TEST_CASE("joins are forgotten while nothing is followed", "[races][remote][forget]") {
    // Without windows and live items the emitters send no departures (RemoteOrder): a rank
    // that arrived then must not count as blocked in the join later.
    constexpr std::uint64_t kBarrier = sync_token(SyncChannel::Collective, 2);
    RemoteRaces r(2);
    REQUIRE_FALSE(r.issue(put(0, 1, {100, 104})));
    r.sync({1, SyncStep::Arrive, kBarrier});
    CHECK(r.inside_joins()[1] != 0);
    r.complete({0, kWin, 1, true, 0});
    r.sync({0, SyncStep::Arrive, kBarrier});
    r.sync({0, SyncStep::Depart, kBarrier});
    r.sync({1, SyncStep::Depart, kBarrier});
    CHECK(r.empty());
    CHECK(r.inside_joins() == std::vector<std::uint64_t>{0, 0});
    REQUIRE_FALSE(r.issue(put(0, 1, {100, 104})));
    r.sync({1, SyncStep::Arrive, kBarrier});
    r.complete({0, kWin, 1, true, 0});
    r.sync({0, SyncStep::Release, sync_token(SyncChannel::Message, 3)});
    r.sync({1, SyncStep::Acquire, sync_token(SyncChannel::Message, 3)}); // everyone knows
    CHECK(r.empty());
    CHECK(r.inside_joins() == std::vector<std::uint64_t>{0, 0}); // rank 1's arrival forgotten
}

TEST_CASE("a record's reads are held by another's reads and writes together, piece by piece",
          "[races][remote][forget]") {
    TargetAccesses y, x;
    y.rank = x.rank = 1;
    y.knowers = x.knowers = 0b010;
    // y read [0,4) and [8,12), wrote [4,8): together they hold [0,12) without a gap.
    y.reads = {{0, 4}, {8, 12}};
    y.writes = {{4, 8}};
    x.reads = {{0, 12}};
    CHECK(accesses_subsume(y, x));
    x.reads = {{2, 6}, {9, 10}};
    CHECK(accesses_subsume(y, x));
    x.reads = {{0, 13}}; // one byte past both
    CHECK_FALSE(accesses_subsume(y, x));
    y.writes = {{5, 8}}; // a gap at byte 4
    x.reads = {{0, 12}};
    CHECK_FALSE(accesses_subsume(y, x));
    x.reads = {{0, 4}, {5, 12}};
    CHECK(accesses_subsume(y, x));
    // Writes are held by writes alone.
    x.writes = {{0, 1}};
    CHECK_FALSE(accesses_subsume(y, x));
}
