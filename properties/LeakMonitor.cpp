#include "properties/LeakMonitor.hpp"

namespace rankfold::properties {

void LeakMonitor::on_leak(const LeakEvent& e) {
    Violation v = usage_violation(e.rank, e.subkind, e.message, e.location);
    if (allow_leaks_ && !e.always_fatal)
        verdicts().report_warning(std::move(v));
    else
        verdicts().report_violation(std::move(v));
}

} // namespace rankfold::properties
