#include "properties/DeadlockMonitor.hpp"

#include <fmt/format.h>

namespace rankfold::properties {

void DeadlockMonitor::on_end_state(const EndStateEvent& e) {
    if (e.finished == e.ranks) return;
    Violation v;
    v.kind = ViolationKind::Deadlock;
    if (!e.stuck.empty()) {
        v.rank = e.stuck.front().rank;
        v.location = e.stuck.front().location;
    }
    v.blocked = e.stuck;
    const int blocked = static_cast<int>(e.stuck.size());
    auto ranks = [](int n) { return fmt::format("{} rank{}", n, n == 1 ? "" : "s"); };
    v.message = e.finished == 0 ? fmt::format("all {} are blocked", ranks(blocked))
                                : fmt::format("{} {} blocked and {} {} finished", ranks(blocked),
                                              blocked == 1 ? "is" : "are", ranks(e.finished),
                                              e.finished == 1 ? "has" : "have");
    if (e.polling > 0)
        v.message +=
            fmt::format(" ({} of them polling with a test that can never succeed)", e.polling);
    verdicts().report_violation(std::move(v));
}

} // namespace rankfold::properties
