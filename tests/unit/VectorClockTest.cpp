#include "properties/races/VectorClock.hpp"

#include <catch2/catch.hpp>

using rankfold::properties::races::VectorClock;

namespace {
rankfold::snapshot::Fingerprint print(const VectorClock& c) {
    rankfold::snapshot::FingerprintBuilder b;
    c.fingerprint(b);
    return b.digest();
}
} // namespace

TEST_CASE("a rank's own events are ordered by its clock", "[races][clock]") {
    VectorClock a(3);
    const VectorClock before = a;
    a.tick(1);
    CHECK(before.precedes_or_equals(a));
    CHECK_FALSE(a.precedes_or_equals(before));
    CHECK(a.at(1) == 1);
    CHECK(a.at(0) == 0);
}

TEST_CASE("events of two ranks without a message between them are concurrent", "[races][clock]") {
    VectorClock r0(2), r1(2);
    r0.tick(0);
    r1.tick(1);
    CHECK(r0.concurrent_with(r1));
    CHECK(r1.concurrent_with(r0));
}

TEST_CASE("a message orders the send before everything after the receive", "[races][clock]") {
    VectorClock r0(2), r1(2);
    r0.tick(0);                  // a write of rank 0
    const VectorClock send = r0; // stamped on the message
    r1.tick(1);
    r1.join(send); // the receive
    r1.tick(1);    // a read of rank 1 after it
    CHECK(send.precedes_or_equals(r1));
    CHECK_FALSE(r1.precedes_or_equals(send));
    CHECK_FALSE(send.concurrent_with(r1));
    // Rank 0 goes on without hearing back: its later events are concurrent with rank 1's.
    r0.tick(0);
    CHECK(r0.concurrent_with(r1));
}

TEST_CASE("join is transitive through a third rank", "[races][clock]") {
    VectorClock r0(3), r1(3), r2(3);
    r0.tick(0);
    r1.join(r0);
    r1.tick(1);
    r2.join(r1);
    r2.tick(2);
    CHECK(r0.precedes_or_equals(r2));
}

TEST_CASE("clocks of different lengths compare by their entries", "[races][clock]") {
    VectorClock short_clock(1), long_clock(4);
    CHECK(short_clock == VectorClock(1));
    CHECK(short_clock.precedes_or_equals(long_clock));
    CHECK(long_clock.precedes_or_equals(short_clock)); // all zero: equal knowledge
    CHECK(print(short_clock) == print(long_clock));    // trailing zeros do not count
    long_clock.tick(3);
    CHECK_FALSE(long_clock.precedes_or_equals(short_clock));
    CHECK(print(short_clock) != print(long_clock));
}
