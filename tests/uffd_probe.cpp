// Exit status 77 (ctest's "skipped") with the reason where userfaultfd asynchronous write
// protection is not available, 0 where the [uffd] unit tests can run.
#include "snapshot/UffdTracker.hpp"

#include <cstdio>

int main() {
    if (rankfold::snapshot::UffdTracker::create()) return 0;
    std::puts("skipped: userfaultfd with asynchronous write protection (UFFD_FEATURE_WP_ASYNC) "
              "is not available on this kernel; the other trackers are tested");
    return 77;
}
