// Constants and helpers shared by the files that implement RankArena (not a public header).
#pragma once

#include "snapshot/RankArena.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace rankfold::snapshot::arena_detail {

static_assert(sizeof(void*) == 8, "offsets and sizes assume a 64-bit address space");

constexpr std::uint64_t kMagic = 0x31414e4552414652; // "RFARENA1"
constexpr std::uint64_t kLiveKey = 0x6c697665b10c4b1d;
constexpr std::uint64_t kFreeKey = 0x66726565f4ee0b1e;
constexpr std::uint64_t kUnit = 16;    // allocation granule and header size
constexpr std::uint32_t kMinUnits = 2; // header + 16 payload bytes (room for the free links)
constexpr unsigned kPageShift = 12;
constexpr std::uint64_t kPageSize = std::uint64_t{1} << kPageShift;
constexpr unsigned kScanLimit = 8;        // blocks tried per class before going to a larger one
constexpr std::uint64_t kInFreeSpace = 1; // locate(): inside a free block (never a block start)
constexpr std::uint64_t kDeepTopCheck = 1 << 20; // verify(deep): bytes above top checked for 0

inline constexpr auto page_of = [](std::uint64_t off) { return off >> kPageShift; };
inline constexpr auto bytes_of = [](std::uint32_t units) { return std::uint64_t{units} * kUnit; };

// Binds a header to its position and size. Not cryptographic: it only has to make garbage,
// interior pointers and headers copied elsewhere fail. prev_units is left out so that a neighbour
// changing size costs a plain store; it is cross-checked against that neighbour before any use.
inline std::uint64_t mix(std::uint64_t off, std::uint32_t units) {
    const std::uint64_t x = ((off >> 4) ^ (std::uint64_t{units} << 32)) * 0x9e3779b97f4a7c15;
    return x ^ (x >> 29);
}

// Sizes below 32 units: one class each. Above: 8 classes per power of two (max class 247).
inline unsigned class_of(std::uint32_t units) {
    if (units < 32) return units;
    const unsigned fl = 31 - static_cast<unsigned>(std::countl_zero(units));
    return 32 + (fl - 5) * 8 + ((units >> (fl - 3)) & 7);
}

inline bool all_zero(const std::byte* p, std::uint64_t n) {
    return std::all_of(p, p + n, [](std::byte b) { return b == std::byte{0}; });
}

inline constexpr std::uint64_t kIndexOffset = (sizeof(RankArena) + kUnit - 1) & ~(kUnit - 1);
// Blocks start on a page of their own, so that snapshots can treat the index (whose used part
// is tiny) and the blocks as two regions.
inline std::uint64_t heap_begin_for(std::uint64_t pages) {
    return (kIndexOffset + pages * sizeof(std::uint32_t) + kPageSize - 1) & ~(kPageSize - 1);
}

} // namespace rankfold::snapshot::arena_detail
