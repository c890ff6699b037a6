// Deadlock: a state where nothing can happen any more while some rank has not finished —
// every unfinished rank blocked, or polling with a test that can never succeed. The report
// says who waits for whom (the runtime describes each stuck rank in the event).
#pragma once

#include "properties/Monitor.hpp"

namespace rankfold::properties {

class DeadlockMonitor final : public Monitor {
public:
    using Monitor::Monitor;
    std::string_view name() const override { return "deadlock"; }
    void on_end_state(const EndStateEvent& e) override;
};

} // namespace rankfold::properties
