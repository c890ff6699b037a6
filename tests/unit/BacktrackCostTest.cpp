// BacktrackCost: --backtrack auto keeps a snapshot when replaying the path from the last one
// would cost more than capturing, by the costs measured so far.
#include "mc/search/BacktrackCost.hpp"

#include <catch2/catch.hpp>

using rankfold::mc::BacktrackCost;

TEST_CASE("BacktrackCost: replays until a step is measured, then weighs", "[backtrack]") {
    BacktrackCost cost(10'000);    // the initial capture took 10 µs
    CHECK_FALSE(cost.snapshot(0)); // the state is the last snapshot itself
    CHECK_FALSE(cost.snapshot(5)); // no step measured yet
    cost.replayed(4, 4'000);       // 1 µs a step
    CHECK(cost.step_ns() == 1'000);
    // A replay counts twice (BacktrackCost::kReplayWeight): 5 steps weigh a 10 µs capture.
    CHECK_FALSE(cost.snapshot(4));
    CHECK(cost.snapshot(5));
    cost.captured(4'000); // the first measured capture replaces the first estimate
    CHECK(cost.capture_ns() == 4'000);
    CHECK(cost.snapshot(2));
    CHECK_FALSE(cost.snapshot(1));
}

TEST_CASE("BacktrackCost: later measurements move the estimate by an eighth", "[backtrack]") {
    BacktrackCost cost(0);
    cost.replayed(1, 800);
    cost.replayed(1, 1'600);
    CHECK(cost.step_ns() == 900);
    cost.captured(800);
    cost.captured(1'600);
    CHECK(cost.capture_ns() == 900);
}

TEST_CASE("BacktrackCost: a replay-only run still measures a capture now and then", "[backtrack]") {
    BacktrackCost cost(1'000'000); // captures look expensive
    cost.replayed(1, 10);
    int snapshots = 0;
    for (int i = 0; i < 64; ++i) snapshots += cost.snapshot(1) ? 1 : 0;
    CHECK(snapshots == 2);
}
