// Finds a program variable in one rank's copy of the program, for --prop: a global or static
// variable by name, an array element or a member (`arr[3]`, `s.field`), located and typed.
#pragma once

#include "mc/runtime/ProgramImage.hpp"
#include "mc/runtime/ScalarLocation.hpp"

#include <optional>
#include <string>

namespace rankfold::mc {

// nullopt with `error` set (what was not found and why).
std::optional<ScalarLocation> locate_variable(const ProgramImage& image, int rank,
                                              const std::string& expression, std::string& error);

} // namespace rankfold::mc
