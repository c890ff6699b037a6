// A transition whose closure addressed passive target operations to a rank is dependent with
// whatever runs that rank (transitions/PassiveTargets.hpp): the targets the world reports, and
// the dependency rule that reads them, for every family.
#include "mc/system/transitions/DependencyTable.hpp"
#include "tests/unit/RmaWindowFixture.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::mpi;
using namespace rankfold::mpi::rma_test;
using rankfold::mc::dependent;
using rankfold::mc::process_bit;
using rankfold::mc::Transition;
using rankfold::mc::TransitionKind;

namespace {

constexpr TransitionKind kFamilies[] = {
    TransitionKind::WildcardMatch, TransitionKind::ProbeReport,    TransitionKind::CompletionPick,
    TransitionKind::TestOutcome,   TransitionKind::SendBuffering,  TransitionKind::LockGrant,
    TransitionKind::RemoteLanding, TransitionKind::LandingDeferred};

Transition of(TransitionKind kind, int rank, int outcome, std::uint64_t targets = 0) {
    // Window 7 and bytes no other transition here touches: only the rule under test decides.
    Transition t{kind, rank, kind == TransitionKind::LockGrant ? 7 : -1, outcome};
    if (kind == TransitionKind::RemoteLanding) {
        t.object = 7;
        t.receive_id = std::uint64_t{0x1000} * static_cast<std::uint64_t>(rank + 1);
        t.message_id = t.receive_id + 4;
        t.detail = rankfold::mc::landing_detail(true, false, 0);
    }
    t.passive_targets = targets;
    return t;
}

} // namespace

TEST_CASE("Passive targets: the locks a rank holds or waits for, as world ranks",
          "[dependency][rma]") {
    Fixture f;
    CHECK(f.w.passive_targets(0) == 0);
    RankCall l = f.lock(0, 2, MPI_LOCK_EXCLUSIVE);
    REQUIRE(f.w.issue(0, l) == Blocked);
    CHECK(f.w.passive_targets(0) == process_bit(2)); // waiting for the grant
    REQUIRE(f.w.complete(0, l) == Done);
    CHECK(f.w.passive_targets(0) == process_bit(2)); // holding it
    CHECK(f.w.passive_targets(1) == 0);
    RankCall all = f.rma(1, RmaKind::LockAll);
    REQUIRE(f.w.issue(1, all) == Blocked);
    REQUIRE(f.w.complete(1, all) == Done);
    CHECK(f.w.passive_targets(1) == (process_bit(0) | process_bit(1) | process_bit(2)));
    // The operations the closure notes (MpiSystem): a put under the lock names its target;
    // one outside a passive epoch, or a synchronisation call, names none.
    const int value = 5;
    CHECK(f.w.passive_operation_target(0, f.put(0, &value, 2, 0)) == 2);
    CHECK(f.w.passive_operation_target(1, f.put(1, &value, 0, 0)) == 0); // lock_all
    CHECK(f.w.passive_operation_target(0, f.put(0, &value, 1, 0)) == -1);
    CHECK(f.w.passive_operation_target(0, f.rma(0, RmaKind::Flush, 2)) == -1);
    RankCall u = f.rma(0, RmaKind::Unlock, 2);
    REQUIRE(f.w.issue(0, u) == Done);
    CHECK(f.w.passive_targets(0) == 0);
    CHECK(f.w.passive_operation_target(0, f.put(0, &value, 2, 0)) == -1);
}

TEST_CASE("Passive targets: a holder's steps depend on every step that runs a target",
          "[dependency][rma]") {
    for (TransitionKind holder_kind : kFamilies)
        for (TransitionKind other_kind : kFamilies) {
            // Rank 1's closure addressed an operation to rank 0.
            const Transition holder = of(holder_kind, 1, 2, process_bit(0));
            const Transition target_step = of(other_kind, 0, 2);
            const Transition bystander = of(other_kind, 2, 2);
            INFO(kind_name(holder_kind) << " against " << kind_name(other_kind));
            CHECK(dependent(holder, target_step));
            CHECK(dependent(target_step, holder));
            // Without the lock the same pair commutes (as DependencyTableTest shows) unless
            // the table orders it anyway: landings seen by the target, grants on one window.
            Transition unlocked = holder;
            unlocked.passive_targets = 0;
            const bool by_table = dependent(unlocked, target_step);
            CHECK(dependent(holder, bystander) == dependent(unlocked, bystander));
            if (holder_kind != TransitionKind::RemoteLanding &&
                other_kind != TransitionKind::RemoteLanding &&
                !(holder_kind == TransitionKind::LockGrant &&
                  other_kind == TransitionKind::LockGrant))
                CHECK_FALSE(by_table);
        }
    // A step of a third rank that runs the target: a landing at it, a match of its message.
    const Transition holder = of(TransitionKind::LandingDeferred, 1, 0, process_bit(0));
    const Transition lands_at_target = of(TransitionKind::RemoteLanding, 2, 0);
    const Transition lands_elsewhere = of(TransitionKind::RemoteLanding, 2, 2);
    CHECK(dependent(holder, lands_at_target));
    CHECK_FALSE(dependent(holder, lands_elsewhere));
    CHECK(dependent(holder, of(TransitionKind::WildcardMatch, 2, 0)));
    CHECK_FALSE(dependent(holder, of(TransitionKind::WildcardMatch, 2, 1)));
    // Its own bit (a lock on its own window) adds nothing: its steps are its own.
    const Transition own = of(TransitionKind::TestOutcome, 1, 0, process_bit(1));
    CHECK_FALSE(dependent(own, of(TransitionKind::TestOutcome, 2, 0)));
}
