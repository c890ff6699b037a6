#include "properties/Violation.hpp"

namespace rankfold::properties {

const char* kind_name(ViolationKind kind) {
    switch (kind) {
    case ViolationKind::Deadlock:
        return "deadlock";
    case ViolationKind::Crash:
        return "crash";
    case ViolationKind::Assertion:
        return "assertion";
    case ViolationKind::Abort:
        return "abort";
    case ViolationKind::Exit:
        return "exit";
    case ViolationKind::MpiError:
        return "mpi-error";
    case ViolationKind::Usage:
        return "usage";
    case ViolationKind::HeapError:
        return "heap-error";
    case ViolationKind::NonProgress:
        return "non-progress";
    case ViolationKind::Liveness:
        return "liveness";
    case ViolationKind::Contract:
        return "contract";
    case ViolationKind::Race:
        return "race";
    case ViolationKind::NonTermination:
        return "non-termination";
    }
    return "unknown";
}

bool same_finding(const Violation& a, const Violation& b) {
    const auto place = [](const Violation& v) {
        return v.location ? v.location->short_text() : std::string();
    };
    return a.kind == b.kind && a.subkind == b.subkind && a.rank == b.rank &&
           a.message == b.message && place(a) == place(b);
}

Violation usage_violation(int rank, const std::string& subkind, const std::string& message,
                          const std::optional<CodeLocation>& location) {
    Violation v;
    v.kind = subkind.empty() ? ViolationKind::MpiError : ViolationKind::Usage;
    v.subkind = subkind;
    v.rank = rank;
    v.message = message;
    v.location = location;
    return v;
}

} // namespace rankfold::properties
