// How the Büchi automaton follows the program in the product search: one product step reads
// every letter (valuation) observed during one program transition, in order.
#pragma once

#include "properties/ltl/BuchiAutomaton.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace rankfold::properties::ltl {

struct AutomatonMove {
    std::size_t target = 0;
    // An accepting state was entered after one of the letters (the run's acceptance is on
    // states; over several letters it becomes a mark on the product edge).
    bool accepting = false;
    bool operator==(const AutomatonMove&) const = default;
};

// The states the automaton can reach from `from` by reading `letters` (at least one), each
// once, in increasing order; where one state can be reached both through and around an
// accepting state, the move through it is kept (it accepts whatever the other does).
void read_letters(const BuchiAutomaton& a, std::size_t from, std::span<const std::uint64_t> letters,
                  std::vector<AutomatonMove>& out);

// The same from every initial state at once (the product's initial nodes).
void read_from_initial(const BuchiAutomaton& a, std::span<const std::uint64_t> letters,
                       std::vector<AutomatonMove>& out);

} // namespace rankfold::properties::ltl
