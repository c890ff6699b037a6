// The symmetric heap's offsets: equal allocation sequences give equal offsets (what makes a
// block "the same object" on every PE), freed space is reused, alignment and capacity hold.
#include "simulated-shmem/interface/SymmetricHeap.hpp"

#include <catch2/catch.hpp>

using rankfold::shmem::SymmetricHeap;

TEST_CASE("symmetric heap: blocks in order, aligned, gaps reused", "[shmem]") {
    SymmetricHeap heap;
    const auto a = heap.allocate(10, 0, 1024);
    const auto b = heap.allocate(100, 64, 1024);
    REQUIRE(a == 0u);
    REQUIRE(b == 64u); // 16 bytes would do for the first block; 64 is b's alignment
    REQUIRE(heap.find(64) != nullptr);
    REQUIRE(heap.find(64)->size == 100u);
    REQUIRE(heap.release(0));
    REQUIRE_FALSE(heap.release(0));                        // a double free is seen
    REQUIRE(heap.allocate(16, 0, 1024) == 0u);             // the freed place comes back first
    REQUIRE(heap.allocate(8, 0, 1024) == 16u);             // then the gap before b
    REQUIRE(heap.allocate(2000, 0, 1024) == std::nullopt); // beyond the heap
}

TEST_CASE("symmetric heap: the same calls give the same offsets on every PE", "[shmem]") {
    SymmetricHeap pe0, pe1;
    for (std::size_t size : {24u, 0u, 4096u, 8u})
        REQUIRE(pe0.allocate(size, 0, 1 << 16) == pe1.allocate(size, 0, 1 << 16));
    REQUIRE(pe0 == pe1);
    REQUIRE(pe0.release(0));
    REQUIRE_FALSE(pe0 == pe1); // what the state compares: one PE freed, the other not yet
}

TEST_CASE("symmetric heap: a zero-byte block still has its own address", "[shmem]") {
    SymmetricHeap heap;
    const auto a = heap.allocate(0, 0, 64);
    const auto b = heap.allocate(0, 0, 64);
    REQUIRE(a.has_value());
    REQUIRE(b.has_value());
    REQUIRE(*a != *b);
}
