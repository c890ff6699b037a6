// The LockGrant family: who gets an RMA lock first is a choice, and two grants are dependent
// exactly when they are on one window and one target (or lock_all), shared ones too (the order
// of two shared epochs decides what a fetching accumulate reads: LockGrant.hpp).
#include "mc/system/transitions/DependencyTable.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::mc;

namespace {
Transition grant(int rank, int window, int target, bool exclusive) {
    return {TransitionKind::LockGrant, rank, window, lock_grant_outcome(target, exclusive)};
}
} // namespace

TEST_CASE("LockGrant: the outcome carries the target and the lock type", "[dependency][rma]") {
    for (int target = -1; target < 5; ++target)
        for (bool exclusive : {false, true}) {
            const int outcome = lock_grant_outcome(target, exclusive);
            CHECK(outcome >= 0);
            CHECK(lock_grant_target(outcome) == target);
            CHECK(lock_grant_exclusive(outcome) == exclusive);
        }
    CHECK(kind_name(TransitionKind::LockGrant) == "lock-grant");
    TransitionKind parsed = TransitionKind::WildcardMatch;
    CHECK(parse_kind("lock-grant", parsed));
    CHECK(parsed == TransitionKind::LockGrant);
}

TEST_CASE("LockGrant: grants on one target of one window are dependent", "[dependency][rma]") {
    // Two exclusive locks on rank 0 of window 0: both orders matter.
    CHECK(dependent(grant(1, 0, 0, true), grant(2, 0, 0, true)));
    // Exclusive against shared on the same target: also.
    CHECK(dependent(grant(1, 0, 0, true), grant(2, 0, 0, false)));
    CHECK(dependent(grant(1, 0, 0, false), grant(2, 0, 0, true)));
    // Two shared locks do not exclude each other, but their epochs' order can still be seen.
    CHECK(dependent(grant(1, 0, 0, false), grant(2, 0, 0, false)));
    // Different targets, or different windows, never conflict.
    CHECK_FALSE(dependent(grant(1, 0, 0, true), grant(2, 0, 1, true)));
    CHECK_FALSE(dependent(grant(1, 0, 0, true), grant(2, 1, 0, true)));
    // MPI_Win_lock_all (shared on every target) against an exclusive lock on any target.
    CHECK(dependent(grant(1, 0, -1, false), grant(2, 0, 3, true)));
    CHECK(dependent(grant(1, 0, -1, false), grant(2, 0, 0, true)));
    CHECK(dependent(grant(1, 0, -1, false), grant(2, 0, 3, false)));
    CHECK(dependent(grant(1, 0, -1, false), grant(2, 0, -1, false)));
    // A rank's own grants are ordered by its program.
    CHECK(dependent(grant(1, 0, 0, false), grant(1, 0, 1, false)));
    // Against the other families: independent across ranks.
    for (TransitionKind other : {TransitionKind::WildcardMatch, TransitionKind::ProbeReport,
                                 TransitionKind::CompletionPick, TransitionKind::TestOutcome,
                                 TransitionKind::SendBuffering}) {
        const Transition t{other, 2, -1, 1};
        CHECK_FALSE(dependent(grant(1, 0, 2, true), t));
        CHECK(dependent(grant(2, 0, 2, true), t));
    }
}
