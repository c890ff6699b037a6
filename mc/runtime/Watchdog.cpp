#include "mc/runtime/Watchdog.hpp"

#include "mc/runtime/CrashHandler.hpp"

#include <signal.h> // NOLINT(modernize-deprecated-headers): POSIX sigaction, siginfo_t
#include <sys/time.h>

namespace rankfold::mc {
namespace {

volatile sig_atomic_t g_ticks = 0; // whole CPU seconds the current slice has run
unsigned g_limit = 0;

void on_tick(int sig, siginfo_t* info, void* context) {
    if (g_crash_target == nullptr) return; // the checker is running, not a rank
    g_ticks = g_ticks + 1;
    if (static_cast<unsigned>(g_ticks) < g_limit) return;
    g_ticks = 0;
    divert_running_rank(sig, info, context);
}

} // namespace

void start_watchdog(unsigned seconds) {
    g_limit = seconds;
    if (seconds == 0) return;
    struct sigaction sa {};
    sa.sa_sigaction = &on_tick;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGVTALRM, &sa, nullptr);
    itimerval timer{};
    timer.it_interval.tv_sec = 1;
    timer.it_value.tv_sec = 1;
    setitimer(ITIMER_VIRTUAL, &timer, nullptr);
}

void watchdog_new_slice() {
    g_ticks = 0;
}

unsigned watchdog_seconds() {
    return g_limit;
}

} // namespace rankfold::mc
