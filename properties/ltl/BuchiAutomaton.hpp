// A Büchi automaton over the valuations of a set of propositions. Transition-labelled: an edge
// reads the letter of the current position (its guard must hold there) and moves to the state
// for the next position, like a Promela never claim; acceptance is on states (a run accepts when
// it visits an accepting state infinitely often).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rankfold::properties::ltl {

// A conjunction of literals: bit i of `pos` requires proposition i, of `neg` its negation.
// The empty cube is `true`.
struct Cube {
    std::uint64_t pos = 0, neg = 0;
    bool holds(std::uint64_t valuation) const {
        return (valuation & pos) == pos && (valuation & neg) == 0;
    }
    bool operator==(const Cube&) const = default;
};

struct BuchiEdge {
    Cube guard;
    std::size_t target = 0;
};

struct BuchiAutomaton {
    static constexpr std::size_t kMaxPropositions = 64;

    std::vector<std::string> propositions;     // index = bit in a Cube and in a valuation
    std::vector<std::vector<BuchiEdge>> edges; // by source state
    std::vector<bool> accepting;
    std::vector<std::size_t> initial;

    std::size_t state_count() const { return edges.size(); }
    std::size_t add_state(bool is_accepting);
    // The index of a proposition, added if new; kMaxPropositions when the table is full.
    std::size_t proposition(const std::string& name);
    // The valuation in which exactly the named propositions hold (names not used are ignored).
    std::uint64_t valuation(const std::vector<std::string>& true_names) const;
    // Readable dump, one line per edge, for failing tests.
    std::string to_string() const;
};

// Whether the automaton accepts the ultimately periodic word prefix·cycle^ω (cycle non-empty),
// each letter a valuation of the automaton's propositions: is there a reachable accepting state
// on a cycle of the product with the lasso?
bool accepts_lasso(const BuchiAutomaton& a, const std::vector<std::uint64_t>& prefix,
                   const std::vector<std::uint64_t>& cycle);

} // namespace rankfold::properties::ltl
