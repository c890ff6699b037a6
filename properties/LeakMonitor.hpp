// Leaks at finalization: requests never completed or freed, persistent requests never started,
// communicators, groups, datatypes and operators never freed — each reported where the object
// was made. With `allow_leaks` (--allow-leaks) they are warnings, except a persistent request
// never started, which is a bug whatever the program's policy on cleanup.
#pragma once

#include "properties/Monitor.hpp"

namespace rankfold::properties {

class LeakMonitor final : public Monitor {
public:
    LeakMonitor(Verdicts& verdicts, bool allow_leaks)
        : Monitor(verdicts), allow_leaks_(allow_leaks) {}
    std::string_view name() const override { return "leaks"; }
    void on_leak(const LeakEvent& e) override;

private:
    bool allow_leaks_;
};

} // namespace rankfold::properties
