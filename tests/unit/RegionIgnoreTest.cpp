// Ignored bytes of a region (RegionSet::ignore, what rankfold_ignore and RANKFOLD_IGNORE mark):
// the fingerprint counts them as zero, every other byte still counts, and capture and restore
// still cover them.
#include "snapshot/RegionSnapshot.hpp"

#include <catch2/catch.hpp>

#include <sys/mman.h>

#include <cstring>

using namespace rankfold::snapshot;

TEST_CASE("Ignored bytes do not tell states apart; the others do", "[snapshot][ignore]") {
    constexpr std::size_t kPages = 4;
    void* p = mmap(nullptr, kPages * kPageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
    REQUIRE(p != MAP_FAILED);
    auto* base = static_cast<std::byte*>(p);
    PageStore store;
    RegionSet set(store, make_tracker(TrackingMethod::Compare));
    const std::size_t r = set.add_region(base, kPages * kPageSize);
    set.set_used(r, kPages * kPageSize);
    // A counter straddling the first two pages, and one in the third.
    const std::size_t straddling = kPageSize - 4, inner = 2 * kPageSize + 64;
    set.ignore(r, straddling, 8);
    set.ignore(r, inner, 8);
    std::memset(base, 1, kPages * kPageSize);
    const RegionSnapshot a = set.capture();

    std::memset(base + straddling, 9, 8);
    std::memset(base + inner, 9, 8);
    const RegionSnapshot b = set.capture();
    CHECK(b.hash() == a.hash());

    base[straddling + 8] = std::byte{9}; // the byte just after an ignored range counts
    const RegionSnapshot c = set.capture();
    CHECK(c.hash() != a.hash());

    set.restore(b); // the ignored bytes are still put back as captured
    CHECK(base[straddling] == std::byte{9});
    CHECK(base[straddling + 8] == std::byte{1});
    CHECK_THROWS(set.ignore(set.add_region(base, kPageSize, Growth::Down), 0, 8));
    munmap(p, kPages * kPageSize);
}
