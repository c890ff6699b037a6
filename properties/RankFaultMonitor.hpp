// Crashes and assertions: a rank that ended badly on its own side (a signal, a failed assert,
// MPI_Abort, a non-zero exit, an invalid free, an endless loop stopped by the watchdog). The
// rank runtime catches these and describes them; every one is a violation.
#pragma once

#include "properties/Monitor.hpp"

namespace rankfold::properties {

class RankFaultMonitor final : public Monitor {
public:
    using Monitor::Monitor;
    std::string_view name() const override { return "rank-faults"; }
    void on_rank_fault(const RankFaultEvent& e) override {
        verdicts().report_violation(e.violation);
    }
};

} // namespace rankfold::properties
