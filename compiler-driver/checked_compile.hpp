// checked_compile: runs the C compiler for rankfold-cc and holds its diagnostics to one rule of
// Rankfold's own. Compiler warnings keep the compiler's severity (mpicc accepts a call to
// memset without <string.h>, so must rankfold-cc), except a call to an undeclared MPI_ or PMPI_
// function: Rankfold's mpi.h declares every MPI function, so such a call is an error that names
// the function, and what the compiler wrote for that command is removed.
#pragma once

#include <string>
#include <vector>

namespace rankfold::driver {

// Runs `cmd` (the compiler and every argument), passing its output on. `user` are the user's
// arguments (to find the files the command writes); `link` whether it links. Returns the exit
// status: the compiler's, or 1 for an undeclared MPI function.
int run_checked_compile(const std::string& self, const std::vector<std::string>& cmd,
                        const std::vector<std::string>& user, bool link);

// The files a compiler command with these user arguments writes: -o FILE, or without -o one
// NAME.o per source for -c (in the current folder), a.out for a link.
std::vector<std::string> compiler_outputs(const std::vector<std::string>& user, bool link);

} // namespace rankfold::driver
