// A scalar variable of the program: where it is in one rank's memory and how to read it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rankfold::mc {

enum class ScalarKind : std::uint8_t { Signed, Unsigned, Float, Bool };

struct ScalarLocation {
    const void* address = nullptr;
    std::size_t size = 0; // 1, 2, 4 or 8 (Float: 4, 8 or 16)
    ScalarKind kind = ScalarKind::Signed;
};

// The value, widened (integers of up to 64 bits are exact in a long double).
long double read_scalar(const ScalarLocation& where);

} // namespace rankfold::mc
