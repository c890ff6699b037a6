// Handle encoding shared by the runtime tables and mpi.h: kind in bits 24..29, bit 30 set for
// a non-null handle, index in the low 24 bits. Decoding a handle of the wrong kind fails, which is
// how a communicator passed as a datatype (or a garbage integer) is caught.
#pragma once

#include <mpi.h>

#include <optional>

namespace rankfold::mpi {

constexpr int kHandleIndexBits = 24;
constexpr int kMaxHandleIndex = (1 << kHandleIndexBits) - 1;

constexpr int make_handle(int kind, int index) {
    return RF_HANDLE(kind, index);
}
constexpr int null_handle(int kind) {
    return RF_NULL_HANDLE(kind);
}

// The index of `handle` if it is a non-null handle of `kind`.
constexpr std::optional<int> handle_index(int handle, int kind) {
    if ((handle & 0x40000000) == 0) return std::nullopt;
    if (((handle >> kHandleIndexBits) & 0x3f) != kind) return std::nullopt;
    return handle & kMaxHandleIndex;
}

} // namespace rankfold::mpi
