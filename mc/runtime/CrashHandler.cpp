#include "mc/runtime/CrashHandler.hpp"

#include "snapshot/DirtyTracker.hpp"
#include "snapshot/GuardedCopy.hpp"

#define UNW_LOCAL_ONLY
#include <fmt/format.h>
#include <libunwind.h>
#include <signal.h> // NOLINT(modernize-deprecated-headers): POSIX sigaction, siginfo_t
#include <ucontext.h>
#include <unistd.h>

#include <cstring>
#include <vector>

namespace rankfold::mc {

CrashTarget* volatile g_crash_target = nullptr;
CrashRecord g_crash_record;

namespace {

int g_fault_fd = 2;
constexpr std::size_t kAltStack = 256UL * 1024;
constexpr std::uintptr_t kGuardSlack = 2UL * 4096;
constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS};

void record_frames(ucontext_t* uc) {
    unw_cursor_t cursor;
    g_crash_record.frame_count = 0;
    if (unw_init_local2(&cursor, reinterpret_cast<unw_context_t*>(uc), UNW_INIT_SIGNAL_FRAME) !=
        0) {
        g_crash_record.frames[0] = static_cast<std::uintptr_t>(uc->uc_mcontext.gregs[REG_RIP]);
        g_crash_record.frame_count = 1;
        return;
    }
    do {
        unw_word_t ip = 0;
        unw_get_reg(&cursor, UNW_REG_IP, &ip);
        g_crash_record.frames[g_crash_record.frame_count++] = ip;
    } while (g_crash_record.frame_count < static_cast<int>(g_crash_record.frames.size()) &&
             unw_step(&cursor) > 0);
}

void handler(int sig, siginfo_t* info, void* context) {
    // A write to a page the mprotect dirty tracker protected: it records the page and makes it
    // writable, and the write is retried.
    if (sig == SIGSEGV && snapshot::DirtyTracker::handle_fault(info->si_addr)) return;
    snapshot::abandon_guarded_copy_if_active(); // does not return if a guarded copy faulted
    if (divert_running_rank(sig, info, context)) return;
    char message[256];
    const int n = std::snprintf(message, sizeof message,
                                "rankfold: internal error: the checker received %s outside the "
                                "program's code (address %p)\n",
                                signal_name(sig), info->si_addr);
    if (n > 0) (void)!::write(g_fault_fd, message, static_cast<std::size_t>(n));
    signal(sig, SIG_DFL);
    raise(sig);
}

} // namespace

bool divert_running_rank(int sig, siginfo_t* info, void* context) {
    auto* uc = static_cast<ucontext_t*>(context);
    const auto sp = static_cast<std::uintptr_t>(uc->uc_mcontext.gregs[REG_RSP]);
    CrashTarget* target = g_crash_target;
    if (target == nullptr || sp + kGuardSlack < target->stack_low || sp >= target->stack_high)
        return false;
    g_crash_record.signal = sig;
    g_crash_record.code = info->si_code;
    g_crash_record.fault_address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    record_frames(uc);
    // Resume in the landing function as if it had been called: the return-address slot makes
    // the stack 16-byte aligned minus 8, as at any function entry.
    uc->uc_mcontext.gregs[REG_RIP] = reinterpret_cast<greg_t>(target->landing);
    uc->uc_mcontext.gregs[REG_RSP] = static_cast<greg_t>(target->landing_stack - 8);
    return true;
}

void install_crash_handler(int checker_fault_fd) {
    g_fault_fd = checker_fault_fd;
    static std::vector<char> alt(kAltStack);
    stack_t ss{};
    ss.ss_sp = alt.data();
    ss.ss_size = alt.size();
    sigaltstack(&ss, nullptr);
    struct sigaction sa {};
    sa.sa_sigaction = &handler;
    // SA_NODEFER: a guarded copy leaves the handler by longjmp, so the signal must not stay
    // blocked; and a second rank crashing later must be caught again.
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (int sig : kSignals) sigaction(sig, &sa, nullptr);
}

const char* signal_name(int sig) {
    switch (sig) {
    case SIGSEGV:
        return "SIGSEGV";
    case SIGBUS:
        return "SIGBUS";
    case SIGFPE:
        return "SIGFPE";
    case SIGILL:
        return "SIGILL";
    case SIGABRT:
        return "SIGABRT";
    case SIGTRAP:
        return "SIGTRAP";
    case SIGSYS:
        return "SIGSYS";
    default:
        return "a signal";
    }
}

std::string describe_crash(const CrashRecord& r) {
    std::string what;
    switch (r.signal) {
    case SIGSEGV:
        what = r.code == SEGV_MAPERR   ? "invalid memory access: address not mapped"
               : r.code == SEGV_ACCERR ? "invalid memory access: permission denied"
                                       : "invalid memory access";
        return fmt::format("{} ({} at {:#x})", signal_name(r.signal), what, r.fault_address);
    case SIGBUS:
        return fmt::format("SIGBUS (bus error at {:#x})", r.fault_address);
    case SIGFPE:
        what = r.code == FPE_INTDIV   ? "integer division by zero"
               : r.code == FPE_INTOVF ? "integer overflow"
                                      : "arithmetic exception";
        return fmt::format("SIGFPE ({})", what);
    case SIGABRT:
        return "SIGABRT (the program aborted)";
    case SIGILL:
        return "SIGILL (illegal instruction)";
    default:
        return signal_name(r.signal);
    }
}

} // namespace rankfold::mc
