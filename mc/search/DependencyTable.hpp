// Which pairs of transitions (choices) may not be reordered: one table indexed by the two
// kinds. A cell left out, or a table that is not symmetric, does not compile.
//
// Why almost every cell is "same rank" (EXPLORATION.md §3 restated at the level of choices):
// the deterministic closure performs every post, every source-specific match and every
// completion nobody can influence, and defers each wildcard match until its candidates are
// present. What remains are choices, and a choice of one rank never disables or changes a
// choice of another: a message to rank d is consumed only by d's receives, a completed request
// stays completed until its owner finishes it, "not yet" stays possible until its owner moves.
// Choices of different ranks therefore commute; the races the fine-grained table describes
// (two sends competing for one wildcard receive) appear here as that receive's several
// outcomes, explored in full. Enabling is not a conflict for sleep sets: a choice that another
// rank's step makes possible is simply new in the successor.
#pragma once

#include "mc/search/Transition.hpp"

#include <array>

namespace rankfold::mc {

enum class Dependency : std::uint8_t {
    Unset,    // a cell nobody filled: rejected at compile time
    SameRank, // dependent when both are choices of one rank
    Always,   // always dependent
};

namespace dependency_detail {

using Row = std::array<Dependency, kTransitionKinds>;
using Table = std::array<Row, kTransitionKinds>;

// Rows and columns in TransitionKind order: WildcardMatch, ProbeReport, CompletionPick,
// TestOutcome, SendBuffering.
constexpr Dependency S = Dependency::SameRank;
inline constexpr Table kTable{{
    /* WildcardMatch  */ {S, S, S, S, S},
    /* ProbeReport    */ {S, S, S, S, S},
    /* CompletionPick */ {S, S, S, S, S},
    /* TestOutcome    */ {S, S, S, S, S},
    /* SendBuffering  */ {S, S, S, S, S},
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
    switch (dependency_rule(a.kind, b.kind)) {
    case Dependency::Always:
        return true;
    case Dependency::SameRank:
    case Dependency::Unset:
        return false;
    }
    return true;
}

} // namespace rankfold::mc
