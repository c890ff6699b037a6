// Finds a program variable in one rank's copy of the program, for --prop: a global or static
// variable by name, an array element or a member (`arr[3]`, `s.field`, `fn::counter`), located
// and typed from the program's DWARF (dwarf-introspect/VariableSelector).
#pragma once

#include "dwarf-introspect/GlobalVariables.hpp"
#include "mc/runtime/ProgramImage.hpp"
#include "mc/runtime/ScalarLocation.hpp"

#include <memory>
#include <optional>
#include <string>

namespace rankfold::mc {

class ProgramVariables {
public:
    explicit ProgramVariables(const ProgramImage& image) : image_(image) {}
    // nullopt with `error` set: what was not found, where in the expression, and why.
    std::optional<ScalarLocation> locate(int rank, const std::string& expression,
                                         std::string& error);

private:
    const ProgramImage& image_;
    std::unique_ptr<dwarf::GlobalVariables> globals_; // read on first use
};

} // namespace rankfold::mc
