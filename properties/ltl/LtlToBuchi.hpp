// LTL to Büchi automaton by the tableau of Gerth, Peled, Vardi and Wolper (1995): nodes are sets
// of obligations now (Old) and from the next position on (Next); the generalised acceptance (one
// set per U subformula) is degeneralised with a counter over those sets.
#pragma once

#include "properties/ltl/BuchiAutomaton.hpp"
#include "properties/ltl/LtlFormula.hpp"

#include <optional>
#include <string>

namespace rankfold::properties::ltl {

// The automaton accepting exactly the words that satisfy f (transition-labelled, see
// BuchiAutomaton.hpp; one initial state). nullopt with `error` set when f has more than
// BuchiAutomaton::kMaxPropositions propositions or the tableau exceeds `max_nodes` nodes.
std::optional<BuchiAutomaton> ltl_to_buchi(const LtlFormula& f, std::string& error,
                                           std::size_t max_nodes = 100000);

} // namespace rankfold::properties::ltl
