// Tests of the per-rank deterministic heap (snapshot/RankArena).
#include "RankArenaHarness.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <map>
#include <random>
#include <vector>

using namespace arena_test;

TEST_CASE("RankArena: create and attach check their input", "[arena]") {
    Region r(kCap);
    RankArena* a = RankArena::create(r.base, kCap);
    REQUIRE(a == r.base);
    CHECK(a->capacity() == kCap);
    CHECK(a->live_block_count() == 0);
    CHECK(a->used_extent() < 128UL * 1024); // header + page index (kCap / 1024 bytes)
    CHECK(a->verify(true));
    CHECK(RankArena::attach(r.base) == a);
    CHECK(RankArena::create(r.bytes() + 8, 4096) == nullptr);            // misaligned
    CHECK(RankArena::create(r.bytes() + 1024UL * 1024, 256) == nullptr); // too small
    Region junk(4096);
    std::memset(junk.base, 0x5a, 4096);
    CHECK(RankArena::attach(junk.base) == nullptr);
    CHECK(RankArena::attach(nullptr) == nullptr);
}

TEST_CASE("RankArena: alignment", "[arena]") {
    Region r(kCap);
    RankArena* a = RankArena::create(r.base, kCap);
    for (std::size_t align : {16, 64, 4096, 65536}) {
        for (std::size_t size : {0, 1, 17, 100, 5000}) {
            void* p = a->allocate(size, align);
            REQUIRE(p != nullptr);
            CHECK(reinterpret_cast<std::uintptr_t>(p) % align == 0);
            CHECK(a->usable_size(p) >= std::max<std::size_t>(size, 1));
            CHECK(is_zero(p, a->usable_size(p)));
            fill(p, a->usable_size(p), 7);
        }
    }
    void* small = a->allocate(3, 4); // below 16 means 16
    CHECK(reinterpret_cast<std::uintptr_t>(small) % 16 == 0);
    CHECK(a->allocate(16, 24) == nullptr); // not a power of two
    CHECK(a->verify(true));
}

TEST_CASE("RankArena: blocks are zero, reused blocks too", "[arena]") {
    Region r(kCap);
    RankArena* a = RankArena::create(r.base, kCap);
    void* x = a->allocate(1000);
    void* y = a->allocate(1000);
    void* z = a->allocate(1000);
    std::memset(y, 0xff, a->usable_size(y));
    REQUIRE(a->release(y) == FreeResult::Ok);
    CHECK(a->verify(true)); // the freed payload was zeroed
    void* y2 = a->allocate(1000);
    CHECK(y2 == y); // reuse of the hole between x and z
    CHECK(is_zero(y2, a->usable_size(y2)));
    std::memset(z, 0xee, a->usable_size(z)); // the top block, reused from the top
    REQUIRE(a->release(z) == FreeResult::Ok);
    void* z2 = a->allocate(1000);
    CHECK(z2 == z);
    CHECK(is_zero(z2, a->usable_size(z2)));
    CHECK(a->release(x) == FreeResult::Ok);
    CHECK(a->verify(true));
}

TEST_CASE("RankArena: reallocate", "[arena]") {
    Region r(kCap);
    RankArena* a = RankArena::create(r.base, kCap);

    SECTION("grows in place at the top, keeps contents, zero new bytes") {
        void* p = a->allocate(100);
        fill(p, 100, 1);
        void* q = a->reallocate(p, 10000);
        CHECK(q == p);
        CHECK(holds(q, 100, 1));
        CHECK(is_zero(static_cast<char*>(q) + 100, a->usable_size(q) - 100));
    }
    SECTION("grows in place into a free neighbour") {
        void* p = a->allocate(100);
        void* n = a->allocate(500);
        void* guard = a->allocate(10);
        fill(p, 100, 2);
        fill(n, 500, 3);
        REQUIRE(a->release(n) == FreeResult::Ok);
        void* q = a->reallocate(p, 300);
        CHECK(q == p);
        CHECK(holds(q, 100, 2));
        CHECK(is_zero(static_cast<char*>(q) + 100, a->usable_size(q) - 100));
        CHECK(a->usable_size(guard) > 0);
        CHECK(a->verify(true));
    }
    SECTION("moves when the neighbour is live, and frees the old block") {
        void* p = a->allocate(100);
        void* n = a->allocate(100);
        fill(p, 100, 4);
        void* q = a->reallocate(p, 5000);
        REQUIRE(q != nullptr);
        CHECK(q != p);
        CHECK(holds(q, 100, 4));
        CHECK(is_zero(static_cast<char*>(q) + 100, a->usable_size(q) - 100));
        CHECK(a->usable_size(p) == 0);
        CHECK(a->usable_size(n) > 0);
        CHECK(a->live_block_count() == 2);
    }
    SECTION("shrinks in place, keeps contents, regrowth reads zero") {
        void* p = a->allocate(4000);
        void* guard = a->allocate(10);
        fill(p, 4000, 5);
        void* q = a->reallocate(p, 10);
        CHECK(q == p);
        CHECK(holds(q, 10, 5));
        CHECK(a->usable_size(q) < 64);
        CHECK(a->verify(true)); // the cut-off tail is free and zero
        void* g = a->reallocate(q, 3000);
        CHECK(g == p); // regrows into the tail it gave up
        CHECK(holds(g, 10, 5));
        CHECK(is_zero(static_cast<char*>(g) + 10, a->usable_size(g) - 10));
        CHECK(a->usable_size(guard) > 0);
    }
    SECTION("nullptr allocates; out of space leaves the block alone") {
        void* p = a->reallocate(nullptr, 50);
        REQUIRE(p != nullptr);
        fill(p, 50, 6);
        a->allocate(10);
        CHECK(a->reallocate(p, kCap) == nullptr);
        CHECK(holds(p, 50, 6));
        int local = 0;
        CHECK(a->reallocate(&local, 10) == nullptr);
        CHECK(a->reallocate(static_cast<char*>(p) + 16, 10) == nullptr);
    }
    CHECK(a->verify(true));
}

TEST_CASE("RankArena: reuse, coalescing and the top", "[arena]") {
    Region r(kCap);
    RankArena* a = RankArena::create(r.base, kCap);
    const std::size_t empty = a->used_extent();

    SECTION("three freed neighbours merge into one block at the same address") {
        for (int order = 0; order < 3; ++order) {
            void* b[4] = {a->allocate(100), a->allocate(300), a->allocate(50), a->allocate(10)};
            const std::size_t total = a->usable_size(b[0]) + a->usable_size(b[1]) +
                                      a->usable_size(b[2]) + 2UL * 16; // two headers merged away
            const int seq[3][3] = {{0, 2, 1}, {1, 0, 2}, {2, 1, 0}};
            for (int i : seq[order]) REQUIRE(a->release(b[i]) == FreeResult::Ok);
            CHECK(a->verify(true));
            void* m = a->allocate(total);
            CHECK(m == b[0]);
            CHECK(a->usable_size(m) == total);
            CHECK(is_zero(m, total));
            REQUIRE(a->release(m) == FreeResult::Ok);
            REQUIRE(a->release(b[3]) == FreeResult::Ok);
            CHECK(a->used_extent() == empty);
        }
    }
    SECTION("freeing the top block lowers used_extent") {
        void* x = a->allocate(64);
        const std::size_t after_x = a->used_extent();
        void* y = a->allocate(100000);
        CHECK(a->used_extent() > after_x + 100000);
        std::memset(y, 0x11, 100000);
        REQUIRE(a->release(y) == FreeResult::Ok);
        CHECK(a->used_extent() == after_x);
        CHECK(is_zero(r.bytes() + after_x, 200000)); // what went back to the top is zero
        REQUIRE(a->release(x) == FreeResult::Ok);
        CHECK(a->used_extent() == empty);
        CHECK(a->verify(true));
    }
    SECTION("a free block below the top block joins the top when that one goes") {
        void* x = a->allocate(64);
        void* y = a->allocate(64);
        REQUIRE(a->release(x) == FreeResult::Ok);
        CHECK(a->used_extent() > empty);
        REQUIRE(a->release(y) == FreeResult::Ok);
        CHECK(a->used_extent() == empty);
        CHECK(a->verify(true));
    }
    SECTION("a freed block is reused by the next allocation of its size") {
        void* x = a->allocate(200);
        void* y = a->allocate(200);
        a->allocate(200);
        REQUIRE(a->release(y) == FreeResult::Ok);
        CHECK(a->allocate(200) == y);
        REQUIRE(a->release(x) == FreeResult::Ok);
        CHECK(a->allocate(150) == x);
    }
}

TEST_CASE("RankArena: block_containing and for_each_live_block", "[arena]") {
    Region r(kCap);
    RankArena* a = RankArena::create(r.base, kCap);
    std::vector<void*> blocks;
    blocks.reserve(300);
    for (int i = 0; i < 300; ++i) blocks.push_back(a->allocate(i % 7 == 0 ? 20000 : i % 40));
    for (int i = 0; i < 300; i += 3) REQUIRE(a->release(blocks[i]) == FreeResult::Ok);

    for (int i = 0; i < 300; ++i) {
        auto* p = static_cast<char*>(blocks[i]);
        if (i % 3 == 0) {
            CHECK_FALSE(a->block_containing(p).has_value()); // free memory
            continue;
        }
        const std::size_t n = a->usable_size(p);
        for (std::size_t at : {std::size_t{0}, n / 2, n - 1, n / 4096 * 4096}) {
            auto b = a->block_containing(p + std::min(at, n - 1));
            REQUIRE(b.has_value());
            CHECK(b->address == p);
            CHECK(b->size == n);
        }
        CHECK_FALSE(a->block_containing(p - 1).has_value()); // in this block's header
        CHECK_FALSE(a->block_containing(p + n).has_value()); // the next header or the top
    }
    int local = 0;
    CHECK_FALSE(a->block_containing(&local).has_value());
    CHECK_FALSE(a->block_containing(nullptr).has_value());
    CHECK_FALSE(a->block_containing(r.base).has_value());
    CHECK_FALSE(a->block_containing(r.bytes() + a->used_extent()).has_value());
    CHECK_FALSE(a->block_containing(r.bytes() + kCap - 1).has_value());
    CHECK_FALSE(a->block_containing(r.bytes() + kCap).has_value());

    std::vector<void*> seen;
    a->for_each_live_block([&](const RankArena::Block& b) {
        CHECK(b.size == a->usable_size(b.address));
        seen.push_back(b.address);
    });
    std::vector<void*> expected;
    for (int i = 0; i < 300; ++i)
        if (i % 3 != 0) expected.push_back(blocks[i]);
    CHECK(seen == expected); // address order is allocation order here
    CHECK(a->live_block_count() == expected.size());
    std::size_t bytes = 0;
    for (void* p : expected) bytes += a->usable_size(p);
    CHECK(a->live_bytes() == bytes);
    CHECK(a->verify(true));
}

TEST_CASE("RankArena: bad frees are reported and harmless", "[arena]") {
    Region r(kCap);
    RankArena* a = RankArena::create(r.base, kCap);
    auto* x = static_cast<char*>(a->allocate(100));
    auto* y = static_cast<char*>(a->allocate(100));
    auto* z = static_cast<char*>(a->allocate(5000));
    auto* w = static_cast<char*>(a->allocate(300));
    fill(x, 100, 1);
    fill(z, 5000, 3);
    fill(w, 300, 4);

    CHECK(a->release(nullptr) == FreeResult::Null);
    REQUIRE(a->release(y) == FreeResult::Ok);
    CHECK(a->release(y) == FreeResult::DoubleFree); // its free header is still there
    CHECK(a->release(w) == FreeResult::Ok);
    CHECK(a->release(w) == FreeResult::DoubleFree); // given back to the top meanwhile
    w = static_cast<char*>(a->allocate(300));
    fill(w, 300, 4);
    CHECK(a->release(x) == FreeResult::Ok);         // merges with y
    CHECK(a->release(y) == FreeResult::DoubleFree); // inside the merged free block
    x = static_cast<char*>(a->allocate(100));
    fill(x, 100, 1);

    int local = 0;
    CHECK(a->release(&local) == FreeResult::NotABlock);
    CHECK(a->release(r.bytes() + kCap + 4096) == FreeResult::NotABlock);
    CHECK(a->release(r.base) == FreeResult::NotABlock); // the arena header
    CHECK(a->release(r.bytes() + 64) == FreeResult::NotABlock);
    CHECK(a->release(z + 16) == FreeResult::NotABlock); // interior, aligned
    CHECK(a->release(z + 4096) == FreeResult::NotABlock);
    CHECK(a->release(z + 1) == FreeResult::NotABlock);
    CHECK(a->release(z - 8) == FreeResult::NotABlock); // inside the header
    // A copy of a real header at another place: the tag binds it to its own offset.
    std::memcpy(z + 1024, w - 16, 16);
    CHECK(a->release(z + 1040) == FreeResult::NotABlock);
    std::memset(z + 1024, 0, 16);
    fill(z, 5000, 3);

    // Garbage everywhere in the used part: never Ok unless it is a live block start.
    std::mt19937 rng(99);
    const std::size_t used = a->used_extent();
    for (int i = 0; i < 20000; ++i) {
        char* p = reinterpret_cast<char*>(r.bytes()) + rng() % (used + 8192);
        if (i % 2 == 0) p = reinterpret_cast<char*>(reinterpret_cast<std::uintptr_t>(p) & ~15ul);
        if (p == x || p == z || p == w) continue;
        CHECK(a->release(p) != FreeResult::Ok);
    }
    CHECK(a->verify(true));
    CHECK(a->live_block_count() == 3);
    CHECK(holds(x, 100, 1));
    CHECK(holds(z, 5000, 3));
    CHECK(holds(w, 300, 4));
    CHECK(a->release(z) == FreeResult::Ok);
    CHECK(a->allocate(5000) == y); // z merged with the free rest of the old x+y block
}
