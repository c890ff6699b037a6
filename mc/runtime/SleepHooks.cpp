// The sleeping calls rankfold-cc redirects (--wrap) in every program: inside a rank they return
// at once, having slept the whole time asked. The checker does not model time: every order of
// the ranks' steps is explored whatever their timing, so a sleep can only change how long the
// search takes (ranks are fibers of one thread: each rank's sleep would be served in turn, in
// every execution). Outside a rank (static constructors) they sleep as usual.
#include "mc/runtime/RankRuntime.hpp"

#include <ctime>
#include <unistd.h>

using rankfold::mc::RankRuntime;

#define RF_WRAP extern "C" __attribute__((visibility("default")))

namespace {
bool in_rank() {
    const RankRuntime* s = RankRuntime::current();
    return s != nullptr && s->in_rank();
}
} // namespace

// The linker's --wrap=NAME resolves NAME to __wrap_NAME: these names are reserved, and required.
// NOLINTBEGIN(bugprone-reserved-identifier)
RF_WRAP unsigned __wrap_sleep(unsigned seconds) {
    return in_rank() ? 0 : ::sleep(seconds);
}

RF_WRAP int __wrap_usleep(useconds_t microseconds) {
    return in_rank() ? 0 : ::usleep(microseconds);
}

RF_WRAP int __wrap_nanosleep(const timespec* request, timespec* remaining) {
    if (!in_rank()) return ::nanosleep(request, remaining);
    if (remaining != nullptr) *remaining = timespec{};
    return 0;
}

RF_WRAP int __wrap_clock_nanosleep(clockid_t clock, int flags, const timespec* request,
                                   timespec* remaining) {
    if (!in_rank()) return ::clock_nanosleep(clock, flags, request, remaining);
    if (remaining != nullptr) *remaining = timespec{};
    return 0;
}
// NOLINTEND(bugprone-reserved-identifier)
