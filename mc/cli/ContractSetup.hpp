// The contracts of a run (--contracts FILE..., --contracts-predefined): read, announced where
// parts of them cannot be checked yet, and watched by a ContractMonitor.
#pragma once

#include "mc/cli/RunOptions.hpp"
#include "mc/runtime/ProgramImage.hpp"
#include "properties/MonitorSet.hpp"
#include "properties/contracts/ContractSet.hpp"

#include <cstdio>
#include <optional>

namespace rankfold::mc {

// The contracts to check, or nullopt after printing an error (a file that cannot be read or
// does not parse: "FILE:LINE:COLUMN: expected ..."). Parts that are not checked yet are said
// once, on `report`.
std::optional<properties::contracts::ContractSet> load_contracts(const RunOptions& o,
                                                                 std::FILE* report);

// Adds the contract monitor (if `set` has anything to watch) to `monitors`. `accesses`: the
// memory-access instrumentation reports to the monitors (read!/write! are checked).
void add_contract_monitor(properties::MonitorSet& monitors,
                          const properties::contracts::ContractSet& set, const ProgramImage& image,
                          bool accesses);

} // namespace rankfold::mc
