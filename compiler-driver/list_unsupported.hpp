// rankfold-cc --list-unsupported: which MPI functions that Rankfold does not implement a program
// calls, before anything is built or run. Sources are checked by the compiler (-fsyntax-only,
// nothing written), object files and libraries by their undefined symbols (nm).
#pragma once

#include <string>
#include <vector>

namespace rankfold::driver {

struct ListRequest {
    std::string self;                 // the driver's name, for messages
    std::vector<std::string> compile; // the compiler and the driver's own flags
    std::vector<std::string> args;    // the user's arguments, without --list-unsupported
    bool clang = false;               // the compiler is clang (no gcc-only flags)
};

// Prints one line per use and a summary on stdout. Returns 0 if the program uses no unsupported
// MPI function, 1 if it does, 2 if an input could not be checked (a compile error: the
// compiler's own messages are printed; an unreadable object file: nm's).
int list_unsupported(const ListRequest& request);

} // namespace rankfold::driver
