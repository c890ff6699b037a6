// The monitors every run has: deadlock, usage errors, leaks at finalization, hazards (legal
// but almost always wrong), rank faults.
#pragma once

#include "properties/DeadlockMonitor.hpp"
#include "properties/HazardMonitor.hpp"
#include "properties/LeakMonitor.hpp"
#include "properties/MonitorSet.hpp"
#include "properties/RankFaultMonitor.hpp"
#include "properties/UsageMonitor.hpp"

namespace rankfold::properties {

inline void add_standard_monitors(MonitorSet& set, bool allow_leaks, bool strict) {
    set.add<RankFaultMonitor>();
    set.add<UsageMonitor>();
    set.add<LeakMonitor>(allow_leaks);
    set.add<HazardMonitor>(strict);
    set.add<DeadlockMonitor>();
}

} // namespace rankfold::properties
