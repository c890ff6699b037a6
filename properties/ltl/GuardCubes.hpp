// Propositional guards (of never claims) as disjunctions of cubes: one automaton edge per cube.
#pragma once

#include "properties/ltl/BuchiAutomaton.hpp"
#include "properties/ltl/LtlFormula.hpp"

#include <optional>
#include <string>
#include <vector>

namespace rankfold::properties::ltl {

// The cubes whose disjunction is `guard` (built of true, false, names, !, && and ||),
// unsatisfiable ones dropped; names become propositions of `a`. nullopt with `why` set when
// `a` would need more than 64 propositions or the guard more than 4096 cubes.
std::optional<std::vector<Cube>> guard_cubes(const LtlFormula& guard, BuchiAutomaton& a,
                                             std::string& why);

} // namespace rankfold::properties::ltl
