// The hash window of a region (RegionSet::set_hashed): the fingerprint and same_contents see
// only the window and its salt, while capture and restore still cover the whole used part.
#include "snapshot/RegionSnapshot.hpp"

#include <catch2/catch.hpp>

#include <sys/mman.h>

#include <cstring>

using namespace rankfold::snapshot;

namespace {

struct Stack {
    explicit Stack(std::size_t pages) : bytes(pages * kPageSize) {
        void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        REQUIRE(p != MAP_FAILED);
        base = static_cast<std::byte*>(p);
    }
    ~Stack() { munmap(base, bytes); }
    Stack(const Stack&) = delete;
    Stack& operator=(const Stack&) = delete;
    std::byte* top() const { return base + bytes; }
    std::byte* base;
    std::size_t bytes;
};

constexpr Fingerprint kSalt{1, 2};

} // namespace

TEST_CASE("A hash window leaves the bytes below it out of the state", "[snapshot][window]") {
    // 5000 bytes: one whole page and part of the next (the edge page), for both page layouts.
    const std::size_t window = GENERATE(std::size_t{5000}, std::size_t{2 * kPageSize});
    PageStore store;
    Stack stack(8);
    RegionSet set(store, make_tracker(TrackingMethod::Compare));
    const std::size_t r = set.add_region(stack.base, stack.bytes, Growth::Down);
    std::byte* top = stack.top();
    const std::size_t used = 3 * kPageSize + 100;
    std::memset(top - used, 3, used);
    std::memset(top - window, 7, window);
    set.set_used(r, used);
    set.set_hashed(r, window, kSalt);
    const RegionSnapshot a = set.capture();
    CHECK(a.hashed(r) == window);

    SECTION("bytes below the window and the used length do not count") {
        std::memset(top - used, 9, used - window);
        set.set_used(r, used + 2 * kPageSize);
        const RegionSnapshot b = set.capture();
        CHECK(b.hash() == a.hash());
        CHECK(b.same_contents(a, store));
        // ... but they are still captured and put back.
        set.restore(a);
        CHECK(top[-static_cast<long>(used)] == std::byte{3});
        CHECK(set.used(r) == used);
    }
    SECTION("a byte inside the window at its lower edge counts") {
        top[-static_cast<long>(window)] = std::byte{8};
        const RegionSnapshot b = set.capture();
        CHECK(b.hash() != a.hash());
        CHECK_FALSE(b.same_contents(a, store));
    }
    SECTION("the salt and the window's length count") {
        set.set_hashed(r, window, Fingerprint{1, 3});
        const RegionSnapshot salted = set.capture();
        CHECK(salted.hash() != a.hash());
        CHECK_FALSE(salted.same_contents(a, store));
        set.set_hashed(r, window + 8, kSalt);
        const RegionSnapshot longer = set.capture();
        CHECK(longer.hash() != a.hash());
        CHECK_FALSE(longer.same_contents(a, store));
    }
    SECTION("without a window every used byte counts again") {
        set.set_hashed(r, RegionSet::kWhole);
        const RegionSnapshot whole = set.capture();
        CHECK(whole.hash() != a.hash());
        std::memset(top - used, 9, used - window);
        CHECK(set.capture().hash() != whole.hash());
    }
    SECTION("the windowed hash does not depend on the path to the state") {
        std::memset(top - used, 1, used);
        set.set_hashed(r, RegionSet::kWhole);
        const RegionSnapshot other = set.capture();
        set.restore(other);
        std::memset(top - window, 7, window);
        std::memset(top - used, 5, used - window);
        set.set_hashed(r, window, kSalt);
        const RegionSnapshot again = set.capture();
        CHECK(again.hash() == a.hash());
        CHECK(again.same_contents(a, store));
    }
}

TEST_CASE("A window larger than the used part covers the used part", "[snapshot][window]") {
    PageStore store;
    Stack stack(4);
    RegionSet set(store, make_tracker(TrackingMethod::Compare));
    const std::size_t r = set.add_region(stack.base, stack.bytes, Growth::Down);
    std::memset(stack.top() - 300, 4, 300);
    set.set_used(r, 300);
    set.set_hashed(r, 100000, kSalt);
    const RegionSnapshot a = set.capture();
    CHECK(a.hashed(r) == 300);
    stack.top()[-300] = std::byte{5};
    CHECK(set.capture().hash() != a.hash());
}

// The edge page's masked digest is kept from one capture to the next (RegionSet::edge_digest):
// whatever was kept, a capture must hash as a fresh set's first capture of the same memory.
TEST_CASE("The kept digest of a window's edge page follows the window and the page",
          "[snapshot][window]") {
    PageStore store;
    Stack stack(8);
    RegionSet set(store, make_tracker(TrackingMethod::Compare));
    const std::size_t r = set.add_region(stack.base, stack.bytes, Growth::Down);
    std::byte* top = stack.top();
    const std::size_t used = 3 * kPageSize;
    for (std::size_t i = 1; i <= used; ++i) top[-static_cast<long>(i)] = std::byte(i % 251 + 1);
    const auto fresh = [&](std::size_t window) {
        RegionSet other(store, make_tracker(TrackingMethod::Compare));
        const std::size_t o = other.add_region(stack.base, stack.bytes, Growth::Down);
        other.set_used(o, used);
        other.set_hashed(o, window, kSalt);
        return other.capture().hash();
    };
    const auto kept = [&](std::size_t window) {
        set.set_used(r, used);
        set.set_hashed(r, window, kSalt);
        return set.capture().hash();
    };
    const Fingerprint first = kept(5000);
    CHECK(first == fresh(5000));
    CHECK(kept(5000) == first);       // the same edge page and window: the kept digest
    CHECK(kept(5008) == fresh(5008)); // the same page, 8 more bytes of it in the window
    CHECK(kept(5008) != first);
    CHECK(kept(5000) == first);
    // A byte of the edge page inside the window changes: a new page, a new digest.
    top[-4990] = std::byte{0};
    CHECK(kept(5000) == fresh(5000));
    CHECK(kept(5000) != first);
    top[-4990] = std::byte(4990 % 251 + 1);
    CHECK(kept(5000) == first);
    // A byte of the edge page outside the window changes: the same fingerprint.
    top[-5001] = std::byte{0};
    CHECK(kept(5000) == first);
    CHECK(fresh(5000) == first);
}
