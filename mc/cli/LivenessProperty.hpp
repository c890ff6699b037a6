// The property of a liveness check, from the command line: the automaton of the runs that
// violate it (the negated --ltl formula translated, or the --never claim as written), the
// --prop definitions of its propositions, and the fairness the runs are held to.
#pragma once

#include "mc/cli/RunOptions.hpp"
#include "mc/search/ProductSearch.hpp"
#include "properties/ltl/BuchiAutomaton.hpp"
#include "properties/ltl/PropositionSpec.hpp"

#include <optional>
#include <string>
#include <vector>

namespace rankfold::mc {

struct LivenessProperty {
    std::string text; // "[](r -> <>cs)" or "the never claim in FILE", for reports
    properties::ltl::BuchiAutomaton automaton;
    std::vector<properties::ltl::PropositionSpec> given;
    Fairness fairness = Fairness::None;
};

// nullopt with `error` set to a message for the user that names the option, the file, the
// line and the column.
std::optional<LivenessProperty> build_liveness_property(const RunOptions& options,
                                                        std::string& error);

} // namespace rankfold::mc
