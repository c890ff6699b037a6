// The "external32" data representation of MPI_Pack_external (MPI 3.1 §13.5.2): every basic value
// big-endian, in the sizes of the standard's table 13.2. On x86-64 those sizes are the native
// ones for every basic type but MPI_LONG, MPI_UNSIGNED_LONG and MPI_WCHAR (4, 4, 2 bytes in
// external32, 8, 8, 4 natively) and MPI_LONG_DOUBLE (a 128-bit quad, natively an 80-bit x87
// value): for the others the conversion is a byte reversal of each value (of each part of a
// complex). Rankfold converts those and refuses the four others by name.
#pragma once

#include "simulated-mpi/src/TypeSignature.hpp"

#include <cstddef>
#include <optional>

namespace rankfold::mpi {

// The first basic type of `signature` that Rankfold cannot convert to external32, if any.
std::optional<BasicIndex> external32_unsupported(const TypeSignature& signature);

// Converts `bytes` bytes of natively packed data of `signature` (repeated as needed) between the
// native and the external32 representation, in place: the conversion is its own inverse. The
// signature must have no type external32_unsupported names; a partial last value is left as is.
void convert_external32(std::byte* data, std::size_t bytes, const TypeSignature& signature);

} // namespace rankfold::mpi
