// How a rank's fiber enters the program's main (x86-64).
//
// The stack above main is hashed with the program's frames (SystemMemory::window_stack), and
// the callee-saved registers main's frames get back salt that hash. Called from C++, main would
// inherit the checker's frames above it and its registers, and its frame (whose padding and
// unset locals keep what lay there before) would lie over what the checker's calls left below
// them: pointers to objects on the checker's heap, whose layout depends on timing (a parallel
// worker over MPICH that read a peer's message early had its heap laid out otherwise, and its
// initial state differed from the other workers', issue 20). rankfold_enter_main leaves nothing
// of its caller: it zeroes the stack from `bottom` (below which nothing was written) up to `top`,
// starts main's frames at `top` with every callee-saved register zero, and hands main's result
// to rankfold_main_returned, which does not return.
#pragma once

#include <cstdint>

namespace rankfold::mc {

extern "C" [[noreturn]] void rankfold_enter_main(int (*main)(int, char**, char**), int argc,
                                                 char** argv, char** envp, std::uintptr_t bottom,
                                                 std::uintptr_t top);
// Defined by the runtime (RankRuntime.cpp): ends the rank with main's result.
extern "C" [[noreturn]] __attribute__((visibility("hidden"))) void rankfold_main_returned(int code);

// The lowest page-aligned address above which a stack that grows down from `sp` may hold
// bytes: the pages from there down to the first all-zero one (a stack is zero until used).
std::uintptr_t written_stack_bottom(std::uintptr_t sp, std::uintptr_t stack_low);

} // namespace rankfold::mc
