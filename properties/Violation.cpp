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
    }
    return "unknown";
}

} // namespace rankfold::properties
