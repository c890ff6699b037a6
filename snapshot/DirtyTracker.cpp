#include "snapshot/DirtyTracker.hpp"

#include "snapshot/MprotectTracker.hpp"
#include "snapshot/UffdTracker.hpp"

namespace rankfold::snapshot {

const char* method_name(TrackingMethod method) {
    switch (method) {
    case TrackingMethod::Compare:
        return "compare";
    case TrackingMethod::Mprotect:
        return "mprotect";
    case TrackingMethod::Uffd:
        return "uffd";
    }
    return "?";
}

std::unique_ptr<DirtyTracker> make_tracker(TrackingMethod method) {
    switch (method) {
    case TrackingMethod::Compare:
        return std::make_unique<CompareTracker>();
    case TrackingMethod::Mprotect:
        return std::make_unique<MprotectTracker>();
    case TrackingMethod::Uffd:
        return UffdTracker::create();
    }
    return nullptr;
}

std::unique_ptr<DirtyTracker> make_default_tracker() {
    if (auto uffd = UffdTracker::create()) return uffd;
    return std::make_unique<CompareTracker>();
}

} // namespace rankfold::snapshot
