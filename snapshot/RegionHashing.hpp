// Internal to snapshot/: the pieces of RegionSet's fingerprint that RegionSnapshot.cpp and
// RegionHashWindow.cpp share (see the top of RegionSnapshot.hpp for the fingerprint).
#pragma once

#include "snapshot/Fingerprint.hpp"
#include "snapshot/PageStore.hpp"

#include <cstddef>
#include <cstdint>

namespace rankfold::snapshot::region_hashing {

inline constexpr std::uint64_t kPageSeed = 0x52616e6b666f6c64; // "Rankfold"
inline constexpr std::uint64_t kLengthSeed = 0x6c656e6774687321;
inline constexpr std::uint64_t kWindowSeed = 0x77696e646f777321;
inline constexpr std::uint64_t kMaskedSeed = 0x6d61736b65642121;

inline std::size_t page_count(std::size_t bytes) {
    return (bytes + kPageSize - 1) / kPageSize;
}

// Bytes of the partial page at the free end of a used part of `used` bytes (0: none).
inline std::size_t partial_bytes(std::size_t used) {
    return used % kPageSize;
}

// The fingerprint sum's group: each 64-bit half adds (and subtracts) modulo 2^64 on its own.
inline void add(Fingerprint& sum, const Fingerprint& term) {
    sum.low += term.low;
    sum.high += term.high;
}
inline void subtract(Fingerprint& sum, const Fingerprint& term) {
    sum.low -= term.low;
    sum.high -= term.high;
}

} // namespace rankfold::snapshot::region_hashing
