// The checker's names for the one violation format of properties/ (DESIGN.md §6).
#pragma once

#include "properties/Violation.hpp"

namespace rankfold::mc {
using properties::BlockedRank;
using properties::kind_name;
using properties::RaceAccess;
using properties::Violation;
using properties::ViolationKind;
} // namespace rankfold::mc
