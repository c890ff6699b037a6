// What the RankArena tests share: a reserved region like the launcher's, byte patterns, and a
// reproducible script of allocations, frees and reallocations.
#pragma once

#include "snapshot/RankArena.hpp"

#include <catch2/catch.hpp>

#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace arena_test {

using rankfold::snapshot::RankArena;
using FreeResult = RankArena::FreeResult;

inline constexpr std::size_t kCap = std::size_t{64} << 20;

// An anonymous, zero, lazily committed range, as the launcher reserves for a rank.
struct Region {
    explicit Region(std::size_t n) : size(n) {
        base = mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                    -1, 0);
        REQUIRE(base != MAP_FAILED);
    }
    ~Region() { munmap(base, size); }
    Region(const Region&) = delete;
    Region& operator=(const Region&) = delete;
    std::byte* bytes() const { return static_cast<std::byte*>(base); }
    void* base;
    std::size_t size;
};

inline std::uint64_t offset(const RankArena* a, const void* p) {
    return reinterpret_cast<std::uintptr_t>(p) - reinterpret_cast<std::uintptr_t>(a);
}

inline bool is_zero(const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i)
        if (b[i] != 0) return false;
    return true;
}

inline unsigned char pattern(std::uint32_t seed, std::size_t i) {
    return static_cast<unsigned char>(
        (static_cast<std::uint32_t>(seed * 2654435761u) + i * 131) >> 7 | 1);
}
inline void fill(void* p, std::size_t n, std::uint32_t seed) {
    auto* b = static_cast<unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) b[i] = pattern(seed, i);
}
inline bool holds(const void* p, std::size_t n, std::uint32_t seed) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i)
        if (b[i] != pattern(seed, i)) return false;
    return true;
}

// A reproducible mix of allocations (some aligned), frees and reallocations. Live blocks are
// kept as offsets so that the script can go on in a copy of the arena. Records every offset.
inline std::vector<std::uint64_t> run_script(RankArena* a, std::uint32_t seed, int ops,
                                             std::vector<std::uint64_t>& live) {
    std::mt19937 rng(seed);
    std::vector<std::uint64_t> out;
    auto* base = reinterpret_cast<std::byte*>(a);
    for (int i = 0; i < ops; ++i) {
        const unsigned r = rng() % 10;
        const std::size_t size = rng() % (r == 0 ? 20000 : 300);
        if (live.empty() || r < 5) {
            const std::size_t align = r == 1 ? 4096 : r == 2 ? 64 : 16;
            void* p = a->allocate(size, align);
            out.push_back(p ? offset(a, p) : ~std::uint64_t{0});
            if (p) {
                fill(p, size, static_cast<std::uint32_t>(i));
                live.push_back(offset(a, p));
            }
        } else {
            const std::size_t k = rng() % live.size();
            if (r < 8) {
                REQUIRE(a->release(base + live[k]) == FreeResult::Ok);
                live[k] = live.back();
                live.pop_back();
            } else {
                void* q = a->reallocate(base + live[k], size);
                REQUIRE(q != nullptr);
                live[k] = offset(a, q);
                out.push_back(live[k]);
            }
        }
    }
    return out;
}

} // namespace arena_test
