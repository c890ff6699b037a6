// The name of the program's global or static variable at an address of one rank's copy, for
// reports that would otherwise show a bare address (a SHMEM wait_until that never returns).
#pragma once

#include "mc/runtime/ProgramImage.hpp"

#include <string>

namespace rankfold::mc {

// "flag", "counts[2]" for an element of an array of scalars, "buffer+12" inside another
// variable; "" when the address is in none (the symmetric heap, no debug info).
std::string global_name(const ProgramImage& image, int rank, const void* address);

} // namespace rankfold::mc
