// Signals raised by a rank (SIGSEGV, SIGFPE, SIGBUS, SIGILL, SIGABRT, SIGTRAP) are results, not
// the end of the checker. The handler runs on an alternate stack, records what happened, and
// makes the faulting rank "return" into a landing function on the top of its own fiber stack,
// which hands control back to the scheduler. A fault in a guarded copy of application memory
// is turned into a failed copy; any other fault is the checker's own and ends the process.
#pragma once

#include <signal.h> // NOLINT(modernize-deprecated-headers): POSIX siginfo_t

#include <array>
#include <cstdint>
#include <string>

namespace rankfold::mc {

// The rank that is running now, as the handler needs to know it.
struct CrashTarget {
    std::uintptr_t stack_low = 0; // lowest usable stack byte (guard pages lie below)
    std::uintptr_t stack_high = 0;
    std::uintptr_t landing_stack = 0;
    void (*landing)() = nullptr;
};

struct CrashRecord {
    int signal = 0;
    int code = 0;
    std::uintptr_t fault_address = 0;
    std::array<std::uintptr_t, 48> frames{}; // program counters, innermost first
    int frame_count = 0;
};

extern CrashTarget* volatile g_crash_target; // set by the rank runtime while a rank runs
extern CrashRecord g_crash_record;           // the last rank crash

// Installs the handlers; `checker_fault_fd` receives the message if the checker itself faults.
void install_crash_handler(int checker_fault_fd);

// From a signal handler: if the signal interrupted the running rank, records it in
// g_crash_record and makes the rank continue in its landing function; false otherwise.
bool divert_running_rank(int sig, siginfo_t* info, void* context);

// "SIGSEGV (address not mapped, at 0x0)"
const char* signal_name(int signal);
std::string describe_crash(const CrashRecord& record);

} // namespace rankfold::mc
