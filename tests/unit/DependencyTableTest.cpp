// The dependency relation the sleep sets rest on: the table's shape, footprint conflicts, and
// the claim that choices of different ranks commute (checked on real programs by
// rankfold-run --check-independence).
#include "mc/system/transitions/DependencyTable.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::mc;

namespace {
Touch memory(Access access, int owner, std::uint64_t begin, std::uint64_t end) {
    return {Resource::SymmetricMemory, access, owner, begin, end};
}
} // namespace

TEST_CASE("Footprint: a conflict needs one resource of one owner, overlap and a write",
          "[dependency]") {
    CHECK(conflict(memory(Access::Write, 1, 0, 8), memory(Access::Read, 1, 4, 12)));
    CHECK(conflict(memory(Access::Write, 1, 0, 8), memory(Access::Write, 1, 0, 8)));
    CHECK_FALSE(conflict(memory(Access::Read, 1, 0, 8), memory(Access::Read, 1, 0, 8)));
    CHECK_FALSE(conflict(memory(Access::Write, 1, 0, 8), memory(Access::Write, 2, 0, 8)));
    CHECK_FALSE(conflict(memory(Access::Write, 1, 0, 8), memory(Access::Write, 1, 8, 16)));
    CHECK_FALSE(
        conflict(memory(Access::Write, 1, 0, 8), {Resource::WindowMemory, Access::Write, 1, 0, 8}));
    // A touch without a range covers the whole resource.
    CHECK(conflict({Resource::MessageQueue, Access::Write, 3},
                   {Resource::MessageQueue, Access::Read, 3}));
    Footprint a;
    a.add(memory(Access::Read, 0, 0, 4)).add({Resource::RankCall, Access::Write, 0});
    Footprint b;
    b.add(memory(Access::Write, 0, 2, 6));
    CHECK(a.conflicts_with(b));
    CHECK(b.conflicts_with(a));
    Footprint c;
    c.add(memory(Access::Write, 0, 4, 6));
    CHECK_FALSE(a.conflicts_with(c));
}

TEST_CASE("DependencyTable: symmetric, a rank's own choices always dependent, MPI choices of "
          "different ranks independent",
          "[dependency]") {
    using namespace dependency_detail;
    STATIC_REQUIRE(complete_and_symmetric(kTable));
    for (int ka = 0; ka < kTransitionKinds; ++ka)
        for (int kb = 0; kb < kTransitionKinds; ++kb) {
            const auto a_kind = static_cast<TransitionKind>(ka);
            const auto b_kind = static_cast<TransitionKind>(kb);
            CHECK(dependency_rule(a_kind, b_kind) != Dependency::Unset);
            for (int ra = 0; ra < 3; ++ra)
                for (int rb = 0; rb < 3; ++rb) {
                    // Lock grants on one window conflict by design (LockGrantTest).
                    if (a_kind == TransitionKind::LockGrant && b_kind == TransitionKind::LockGrant)
                        continue;
                    // A landing is seen by its target's steps (RemoteLandingTest).
                    if (a_kind == TransitionKind::RemoteLanding ||
                        b_kind == TransitionKind::RemoteLanding)
                        continue;
                    // A send's cancel takes its message from the receiver's queue (below).
                    if (a_kind == TransitionKind::CancelOutcome ||
                        b_kind == TransitionKind::CancelOutcome)
                        continue;
                    const Transition a{a_kind, ra, ra == 1 ? 4 : -1, 2};
                    const Transition b{b_kind, rb, -1, rb};
                    CHECK(dependent(a, b) == dependent(b, a));
                    // Footprints alone order a rank's own transitions too.
                    if (ra == rb)
                        CHECK(transitions::footprint(a).conflicts_with(transitions::footprint(b)));
                    if (ra == rb)
                        CHECK(dependent(a, b));
                    else // what the sleep-set reduction of MPI choices rests on
                        CHECK_FALSE(dependent(a, b));
                }
        }
    // The compile-time check rejects a missing cell and an asymmetric one.
    constexpr auto with = [](int a, int b, Dependency d) {
        Table t = kTable;
        t[a][b] = d;
        return t;
    };
    STATIC_REQUIRE_FALSE(complete_and_symmetric(with(1, 3, Dependency::Unset)));
    STATIC_REQUIRE_FALSE(complete_and_symmetric(with(0, 4, Dependency::Always)));
    STATIC_REQUIRE(complete_and_symmetric(with(2, 2, Dependency::Always)));
}

// EXPLORATION.md §3 refines "post send vs post send" (same destination) to "dependent only when
// a wildcard receive there can take both". Here posts are not transitions at all: the closure
// performs every post, and the one choice a send has (SendBuffering, --buffering both) posts
// the message the same either way and decides only when the sender's own request completes.
// So the refined relation holds with no wildcard condition left to check: two senders'
// choices commute whether or not the destination has, or will post, a wildcard receive — the
// order of their messages at a wildcard is explored by the receiver's WildcardMatch choices,
// which are the receiver's own and mutually dependent.
TEST_CASE("DependencyTable: sends to one destination commute, its wildcard matches do not",
          "[dependency]") {
    const Transition buffered{TransitionKind::SendBuffering, 1, -1, 1};
    const Transition waits{TransitionKind::SendBuffering, 2, -1, 0};
    const Transition takes_1{TransitionKind::WildcardMatch, 0, 3, 1};
    const Transition takes_2{TransitionKind::WildcardMatch, 0, 3, 2};
    CHECK_FALSE(dependent(buffered, waits));
    CHECK_FALSE(dependent(buffered, takes_1));
    CHECK_FALSE(dependent(waits, takes_2));
    CHECK(dependent(takes_1, takes_2)); // the receiver's alternatives: one rank's choices
}

// MPI_Cancel (MPI 4.0 §3.8.4): a pending cancel succeeds (CancelOutcome) or its operation still
// matches (a held match, listed as a WildcardMatch of the receiver). The two must be ordered,
// and so must the cancel and any other choice of the receiver that reads or takes from its
// queue; nothing else of another rank is.
TEST_CASE("DependencyTable: a send's cancel against its receiver's matches and probes",
          "[dependency][cancel]") {
    const Transition cancel_send{TransitionKind::CancelOutcome, 1, 3, 0}; // rank 1's message at 0
    const Transition held_match{TransitionKind::WildcardMatch, 0, 2, 1};  // rank 0 takes it
    const Transition probe{TransitionKind::TestOutcome, 0, -1, 1};        // rank 0's Iprobe
    const Transition report{TransitionKind::ProbeReport, 0, -1, 1};
    CHECK(dependent(cancel_send, held_match));
    CHECK(dependent(held_match, cancel_send));
    CHECK(dependent(cancel_send, probe));
    CHECK(dependent(cancel_send, report));
    // A third rank's choices, and the receiver's waits on its own requests, commute with it.
    CHECK_FALSE(dependent(cancel_send, Transition{TransitionKind::WildcardMatch, 2, 0, 1}));
    CHECK_FALSE(dependent(cancel_send, Transition{TransitionKind::CompletionPick, 0, -1, 1}));
    CHECK_FALSE(dependent(cancel_send, Transition{TransitionKind::SendBuffering, 2, -1, 1}));
    // A receive's cancel is its owner's own choice, like the match it competes with.
    const Transition cancel_receive{TransitionKind::CancelOutcome, 0, 2, 0};
    CHECK(dependent(cancel_receive, held_match));
    CHECK_FALSE(dependent(cancel_receive, Transition{TransitionKind::TestOutcome, 1, -1, 1}));
    // Two senders' cancels at one receiver: both take from its queue.
    CHECK(dependent(cancel_send, Transition{TransitionKind::CancelOutcome, 2, 0, 0}));
}
