#include "properties/UsageMonitor.hpp"

namespace rankfold::properties {

void UsageMonitor::on_misuse(const MisuseEvent& e) {
    verdicts().report_violation(usage_violation(e.rank, e.subkind, e.message, e.location));
}

} // namespace rankfold::properties
