// How a rank's fiber enters the program's main (x86-64).
//
// The stack above main is hashed with the program's frames (SystemMemory::window_stack), and
// the callee-saved registers main's frames get back salt that hash. Called from C++, main would
// inherit the checker's frames above it and its registers: pointers to the runtime (on the
// process's own stack, whose place depends on the environment's size) and to objects on the
// checker's heap (whose layout depends on timing: a parallel worker over MPICH that read a
// peer's message early had its heap laid out differently, and its initial state differed from
// the other workers', issue 20). enter_main leaves nothing of the caller: it zeroes the stack from
// where it is called up to `top`, starts main's frames at `top` with every callee-saved register
// zero, and on return hands main's result to `returned`, which must not return.
#pragma once

#include <cstdint>

namespace rankfold::mc {

extern "C" [[noreturn]] void rankfold_enter_main(int (*main)(int, char**, char**), int argc,
                                                 char** argv, char** envp, std::uintptr_t top,
                                                 void (*returned)(int code));

} // namespace rankfold::mc
