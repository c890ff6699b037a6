#include "properties/UsageMonitor.hpp"

namespace rankfold::properties {

void UsageMonitor::on_misuse(const MisuseEvent& e) {
    Violation v;
    v.kind = e.subkind.empty() ? ViolationKind::MpiError : ViolationKind::Usage;
    v.subkind = e.subkind;
    v.rank = e.rank;
    v.message = e.message;
    v.location = e.location;
    verdicts().report_violation(std::move(v));
}

} // namespace rankfold::properties
