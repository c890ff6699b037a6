// The rules a violation breaks, as reports that list rules need them (SARIF's tool.driver.rules):
// a stable id per kind and usage sub-kind, and one sentence on what it means.
#pragma once

#include "mc/report/Violations.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace rankfold::mc {

// "deadlock", "usage/type-mismatch": the kind, and the sub-kind when there is one.
std::string rule_id(const Violation& violation);
// One sentence for a rule id; nullopt for an id this build does not know.
std::optional<std::string_view> rule_description(std::string_view rule_id);

} // namespace rankfold::mc
