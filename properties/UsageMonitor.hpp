// Usage: the program used the runtime's interface in a way the standard forbids (invalid
// arguments, mismatched collectives, truncation, ...), found by the runtime, which knows the
// rules and the objects; fatal unless the program asked for errors to be returned. An event
// without a sub-kind is an internal error of the simulated runtime.
#pragma once

#include "properties/Monitor.hpp"

namespace rankfold::properties {

class UsageMonitor final : public Monitor {
public:
    using Monitor::Monitor;
    std::string_view name() const override { return "usage"; }
    void on_misuse(const MisuseEvent& e) override;
};

} // namespace rankfold::properties
