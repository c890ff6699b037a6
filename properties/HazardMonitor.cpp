#include "properties/HazardMonitor.hpp"

namespace rankfold::properties {

void HazardMonitor::on_hazard(const HazardEvent& e) {
    Violation v;
    v.kind = ViolationKind::Usage;
    v.subkind = e.subkind;
    v.rank = e.rank;
    v.message = e.message;
    v.location = e.location;
    if (strict_)
        verdicts().report_violation(std::move(v));
    else
        verdicts().report_warning(std::move(v));
}

} // namespace rankfold::properties
