// What AddressSanitizer needs to know when the checker itself is built with it
// (-DRANKFOLD_SANITIZE=address): which stack a fiber switch goes to, and that snapshot restores
// rewrite rank stacks behind its back. Empty functions in other builds.
#pragma once

#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/lsan_interface.h>
#endif

namespace rankfold::mc {

// Before jumping to a stack [bottom, bottom + size).
inline void sanitizer_switch_to(const void* bottom, std::size_t size) {
#if defined(__SANITIZE_ADDRESS__)
    __sanitizer_start_switch_fiber(nullptr, bottom, size);
#else
    (void)bottom, (void)size;
#endif
}

// Right after arriving; reports the stack that was left (may be null).
inline void sanitizer_arrived(const void** left_bottom, std::size_t* left_size) {
#if defined(__SANITIZE_ADDRESS__)
    __sanitizer_finish_switch_fiber(nullptr, left_bottom, left_size);
#else
    (void)left_bottom, (void)left_size;
#endif
}

// Rank stacks hold frames of instrumented checker code (MPI entry points) with poisoned
// redzones; a restore writes other bytes there, and capture reads them all. Clearing the
// shadow of the whole stack keeps both from tripping over stale redzones (it only forgets the
// redzones of suspended frames).
inline void sanitizer_forget_stack(const void* bottom, std::size_t size) {
#if defined(__SANITIZE_ADDRESS__)
    ASAN_UNPOISON_MEMORY_REGION(bottom, size);
#else
    (void)bottom, (void)size;
#endif
}

// Before a process ends with _exit (the checking child does): the leak check that would
// otherwise run at exit(). Reports end the process with the sanitizer's exit status.
// A rank's stack lives in an mmap'd region LeakSanitizer does not scan. A rank that ends in a
// violation is abandoned with its frames on that stack (an MPI call's message, a result vector):
// memory those frames hold is still referenced, not leaked.
inline void sanitizer_scan_stack(const void* bottom, std::size_t size) {
#if defined(__SANITIZE_ADDRESS__)
    __lsan_register_root_region(bottom, size);
#else
    (void)bottom;
    (void)size;
#endif
}

inline void sanitizer_check_leaks() {
#if defined(__SANITIZE_ADDRESS__)
    __lsan_do_leak_check();
#endif
}

} // namespace rankfold::mc
