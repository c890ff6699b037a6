#include "properties/HazardMonitor.hpp"

namespace rankfold::properties {

void HazardMonitor::on_hazard(const HazardEvent& e) {
    Violation v = usage_violation(e.rank, e.subkind, e.message, e.location);
    if (strict_)
        verdicts().report_violation(std::move(v));
    else
        verdicts().report_warning(std::move(v));
}

} // namespace rankfold::properties
