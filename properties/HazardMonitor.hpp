// Legal but hazardous use of the interface (HazardEvent): a warning, kept once per distinct
// message and site, or with `strict` (--strict) a usage violation that ends the path.
#pragma once

#include "properties/Monitor.hpp"

namespace rankfold::properties {

class HazardMonitor final : public Monitor {
public:
    HazardMonitor(Verdicts& verdicts, bool strict) : Monitor(verdicts), strict_(strict) {}
    std::string_view name() const override { return "hazards"; }
    void on_hazard(const HazardEvent& e) override;

private:
    bool strict_;
};

} // namespace rankfold::properties
