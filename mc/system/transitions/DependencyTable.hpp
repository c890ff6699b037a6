// Which pairs of transitions (choices) may not be reordered: one table indexed by the two
// families says how each pair is decided. A cell left out, or a table that is not symmetric,
// does not compile.
//
// A rank's own transitions are always dependent (its program orders them). Across ranks, the
// MPI choice families decide by footprint (transitions/Footprint.hpp): a choice touches only
// its own rank's call, requests and queue in a way that can change another choice, so choices
// of different ranks commute — the closure has already performed every post, every
// source-specific match and every completion nobody can influence, and deferred each wildcard
// match until its candidates are present; what another rank's step does to this rank's state
// only enables outcomes (a message arrives, a request completes), which is no conflict for sleep
// sets (EXPLORATION.md §3–4). One exception: a send's CancelOutcome takes its message out of
// the receiver's queue, so it writes another rank's queue and is ordered with the receiver's
// choices that read or take from it (transitions/CancelOutcome.hpp). The SHMEM and RMA
// families touch byte ranges of another PE's memory, and their cells decide by footprint too.
// One rule holds across every cell: a transition whose closure addresses operations of a passive target epoch
// to a rank is dependent with whatever runs that rank's code (transitions/PassiveTargets).
#pragma once

#include "mc/search/Transition.hpp"
#include "mc/system/transitions/Families.hpp"
#include "mc/system/transitions/PassiveTargets.hpp"

#include <array>

namespace rankfold::mc {

enum class Dependency : std::uint8_t {
    Unset,      // a cell nobody filled: rejected at compile time
    SameRank,   // dependent only when both are transitions of one rank
    Footprints, // dependent when their footprints conflict
    Always,     // always dependent
    Landing,    // a RemoteLanding and another: dependent when the other can see the landing
                // (transitions/RemoteLanding.hpp), or their footprints conflict
};

namespace dependency_detail {

using Row = std::array<Dependency, kTransitionKinds>;
using Table = std::array<Row, kTransitionKinds>;

// Rows and columns in TransitionKind order: WildcardMatch, ProbeReport, CompletionPick,
// TestOutcome, SendBuffering, LockGrant, RemoteLanding, LandingDeferred, CancelOutcome.
constexpr Dependency F = Dependency::Footprints;
constexpr Dependency L = Dependency::Landing;
inline constexpr Table kTable{{
    /* WildcardMatch   */ {F, F, F, F, F, F, L, F, F},
    /* ProbeReport     */ {F, F, F, F, F, F, L, F, F},
    /* CompletionPick  */ {F, F, F, F, F, F, L, F, F},
    /* TestOutcome     */ {F, F, F, F, F, F, L, F, F},
    /* SendBuffering   */ {F, F, F, F, F, F, L, F, F},
    /* LockGrant       */ {F, F, F, F, F, F, L, F, F},
    /* RemoteLanding   */ {L, L, L, L, L, L, L, L, L},
    /* LandingDeferred */ {F, F, F, F, F, F, L, F, F},
    /* CancelOutcome   */ {F, F, F, F, F, F, L, F, F},
}};

constexpr bool complete_and_symmetric(const Table& t) {
    for (int a = 0; a < kTransitionKinds; ++a)
        for (int b = 0; b < kTransitionKinds; ++b)
            if (t[a][b] == Dependency::Unset || t[a][b] != t[b][a]) return false;
    return true;
}
static_assert(complete_and_symmetric(kTable),
              "the dependency table has an empty or asymmetric cell");

} // namespace dependency_detail

constexpr Dependency dependency_rule(TransitionKind a, TransitionKind b) {
    return dependency_detail::kTable[static_cast<int>(a)][static_cast<int>(b)];
}

constexpr bool dependent(const Transition& a, const Transition& b) {
    if (a.rank == b.rank) return true; // a rank's own steps are ordered by its program
    // A closure that addressed passive target operations to a rank against what runs that
    // rank: for every family alike (transitions/PassiveTargets.hpp).
    if (transitions::reaches_passive_target(a, b) || transitions::reaches_passive_target(b, a))
        return true;
    switch (dependency_rule(a.kind, b.kind)) {
    case Dependency::Always:
    case Dependency::Unset:
        return true;
    case Dependency::Footprints:
        return transitions::footprint(a).conflicts_with(transitions::footprint(b));
    case Dependency::SameRank:
        return false;
    case Dependency::Landing:
        if (a.kind == TransitionKind::RemoteLanding && transitions::landing_observed_by(a, b))
            return true;
        if (b.kind == TransitionKind::RemoteLanding && transitions::landing_observed_by(b, a))
            return true;
        return transitions::footprint(a).conflicts_with(transitions::footprint(b));
    }
    return true;
}

} // namespace rankfold::mc
