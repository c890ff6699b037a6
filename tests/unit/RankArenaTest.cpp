// Tests of the per-rank deterministic heap (snapshot/RankArena).
#include "snapshot/RankArena.hpp"

#include <catch2/catch.hpp>

#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <random>
#include <vector>

using rankfold::snapshot::RankArena;
using FreeResult = RankArena::FreeResult;

namespace {

constexpr std::size_t kCap = std::size_t{64} << 20;

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

std::uint64_t offset(const RankArena* a, const void* p) {
    return reinterpret_cast<std::uintptr_t>(p) - reinterpret_cast<std::uintptr_t>(a);
}

bool is_zero(const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i)
        if (b[i] != 0) return false;
    return true;
}

unsigned char pattern(std::uint32_t seed, std::size_t i) {
    return static_cast<unsigned char>(
        (static_cast<std::uint32_t>(seed * 2654435761u) + i * 131) >> 7 | 1);
}
void fill(void* p, std::size_t n, std::uint32_t seed) {
    auto* b = static_cast<unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) b[i] = pattern(seed, i);
}
bool holds(const void* p, std::size_t n, std::uint32_t seed) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i)
        if (b[i] != pattern(seed, i)) return false;
    return true;
}

// A reproducible mix of allocations (some aligned), frees and reallocations. Live blocks are
// kept as offsets so that the script can go on in a copy of the arena. Records every offset.
std::vector<std::uint64_t> run_script(RankArena* a, std::uint32_t seed, int ops,
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

} // namespace

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

TEST_CASE("RankArena: a program scribbling over its heap cannot make it leave the range",
          "[arena]") {
    // Guard pages on both sides catch any access of the arena outside its range.
    const std::size_t cap = std::size_t{8} << 20;
    Region r(cap + 2UL * 4096);
    REQUIRE(mprotect(r.base, 4096, PROT_NONE) == 0);
    REQUIRE(mprotect(r.bytes() + 4096 + cap, 4096, PROT_NONE) == 0);
    std::byte* base = r.bytes() + 4096;
    RankArena* a = RankArena::create(base, cap);
    const std::size_t heap_begin = a->used_extent();
    std::mt19937 rng(2024);
    std::vector<char*> ptrs; // live, stale or interior: the program is buggy
    for (int op = 0; op < 30000; ++op) {
        const unsigned k = rng() % 100;
        if (ptrs.empty() || k < 40) {
            auto* p = static_cast<char*>(a->allocate(rng() % 3000, rng() % 8 == 0 ? 4096 : 16));
            if (p == nullptr) continue;
            REQUIRE(a->owns(p));
            REQUIRE(a->owns(p + a->usable_size(p) - 1));
            ptrs.push_back(p + (rng() % 16 == 0 ? 16 : 0));
        } else if (k < 70) {
            const std::size_t i = rng() % ptrs.size();
            a->release(ptrs[i]);
            if (rng() % 4 != 0) { // sometimes keep the stale pointer for a double free
                ptrs[i] = ptrs.back();
                ptrs.pop_back();
            }
        } else if (k < 85) {
            char*& p = ptrs[rng() % ptrs.size()];
            if (auto* q = static_cast<char*>(a->reallocate(p, rng() % 5000))) {
                REQUIRE(a->owns(q));
                p = q;
            }
        } else { // wild write anywhere in the heap part: headers, links, free memory
            const std::size_t used = a->used_extent();
            if (used <= heap_begin + 64) continue;
            const std::size_t at = heap_begin + rng() % (used - heap_begin - 64);
            for (unsigned n = 1 + rng() % 64, i = 0; i < n; ++i)
                base[at + i] = static_cast<std::byte>(rng());
        }
        if (op % 1000 == 0) {
            a->for_each_live_block([&](const RankArena::Block& b) {
                CHECK(a->owns(static_cast<char*>(b.address) + b.size - 1));
            });
            a->block_containing(base + rng() % cap);
        }
    }
    SUCCEED("no access outside the range");
}

TEST_CASE("RankArena: out of space", "[arena]") {
    const std::size_t cap = 1 << 20;
    Region r(cap);
    RankArena* a = RankArena::create(r.base, cap);
    std::vector<void*> all;
    while (void* p = a->allocate(1000)) all.push_back(p);
    CHECK(all.size() > 900);
    CHECK(a->used_extent() <= cap);
    CHECK(a->allocate(1000) == nullptr);
    CHECK(a->allocate(SIZE_MAX) == nullptr);
    CHECK(a->allocate(cap) == nullptr);
    CHECK(a->verify(true));
    for (void* p : all) REQUIRE(a->release(p) == FreeResult::Ok);
    CHECK(a->live_block_count() == 0);
    void* big = a->allocate(cap / 2);
    REQUIRE(big != nullptr);
    CHECK(a->reallocate(big, cap) == nullptr);
    CHECK(a->usable_size(big) >= cap / 2);
    CHECK(a->allocate(cap / 2 + 1) == nullptr);
    CHECK(a->verify(true));
}

TEST_CASE("RankArena: same calls, same offsets and bytes, at any base", "[arena]") {
    Region r1(kCap), r2(kCap);
    RankArena* a1 = RankArena::create(r1.base, kCap);
    RankArena* a2 = RankArena::create(r2.base, kCap);
    std::vector<std::uint64_t> live1, live2;
    CHECK(run_script(a1, 42, 20000, live1) == run_script(a2, 42, 20000, live2));
    REQUIRE(a1->used_extent() == a2->used_extent());
    CHECK(std::memcmp(r1.base, r2.base, a1->used_extent()) == 0);
    CHECK(a1->verify(true));
}

TEST_CASE("RankArena: different histories with the same live data give the same bytes", "[arena]") {
    Region r1(kCap), r2(kCap);
    RankArena* a1 = RankArena::create(r1.base, kCap);
    RankArena* a2 = RankArena::create(r2.base, kCap);
    // a1: x, a 200-byte block, z; frees the middle one.
    void* x1 = a1->allocate(100);
    void* m1 = a1->allocate(200); // 13 payload units + header
    void* z1 = a1->allocate(3000);
    // a2: x, two smaller blocks of the same total, z, then a block freed at the top; frees both.
    void* x2 = a2->allocate(100);
    void* m2a = a2->allocate(80);  // 5 + 1 units
    void* m2b = a2->allocate(112); // 7 + 1 units
    void* z2 = a2->allocate(3000);
    void* t2 = a2->allocate(50000);
    std::memset(m2a, 1, 80);
    std::memset(t2, 2, 50000);
    REQUIRE(a1->release(m1) == FreeResult::Ok);
    REQUIRE(a2->release(m2b) == FreeResult::Ok);
    REQUIRE(a2->release(t2) == FreeResult::Ok);
    REQUIRE(a2->release(m2a) == FreeResult::Ok);
    CHECK(offset(a1, x1) == offset(a2, x2));
    CHECK(offset(a1, z1) == offset(a2, z2));
    REQUIRE(a1->used_extent() == a2->used_extent());
    CHECK(std::memcmp(r1.base, r2.base, a1->used_extent()) == 0);
}

TEST_CASE("RankArena: attach after copying the used bytes restores the allocator", "[arena]") {
    Region r1(kCap), r2(kCap);
    RankArena* a1 = RankArena::create(r1.base, kCap);
    std::vector<std::uint64_t> live1;
    run_script(a1, 7, 5000, live1);
    std::memcpy(r2.base, r1.base, a1->used_extent());
    RankArena* a2 = RankArena::attach(r2.base);
    REQUIRE(a2 == r2.base);
    CHECK(a2->verify(true));
    CHECK(a2->live_block_count() == a1->live_block_count());
    std::vector<std::uint64_t> live2 = live1;
    CHECK(run_script(a1, 8, 5000, live1) == run_script(a2, 8, 5000, live2));
    CHECK(a1->used_extent() == a2->used_extent());
    CHECK(std::memcmp(r1.base, r2.base, a1->used_extent()) == 0);
}

TEST_CASE("RankArena: randomized against a reference model", "[arena]") {
    Region r(kCap);
    RankArena* a = RankArena::create(r.base, kCap);
    const std::size_t empty = a->used_extent();
    struct Live {
        std::size_t size;
        std::uint32_t seed;
        std::size_t align;
    };
    std::map<char*, Live> model;
    std::vector<char*> order; // for picking a random live block
    std::size_t usable_total = 0;
    std::mt19937 rng(12345);

    auto pick_size = [&] {
        const unsigned k = rng() % 100;
        if (k < 70) return rng() % 129;
        if (k < 90) return 129 + rng() % 4000;
        if (k < 99) return 4097 + rng() % 60000;
        return 65537 + rng() % (1 << 20);
    };
    // The touched block must not overlap its neighbours in address order.
    auto check_neighbours = [&](char* p) {
        auto it = model.find(p);
        REQUIRE(it != model.end());
        if (it != model.begin()) {
            auto prev = std::prev(it);
            CHECK(prev->first + a->usable_size(prev->first) <= p);
        }
        if (auto next = std::next(it); next != model.end())
            CHECK(p + a->usable_size(p) <= next->first);
    };

    for (std::uint32_t op = 1; op <= 100000; ++op) {
        const unsigned k = rng() % 100;
        const bool grow = order.size() < 1500;
        if (order.empty() || k < (grow ? 45u : 30u)) {
            const std::size_t size = pick_size();
            const std::size_t align = rng() % 20 == 0 ? (rng() % 2 ? 4096 : 64) : 16;
            auto* p = static_cast<char*>(a->allocate(size, align));
            if (p != nullptr) {
                REQUIRE(!model.contains(p));
                CHECK(reinterpret_cast<std::uintptr_t>(p) % align == 0);
                REQUIRE(a->usable_size(p) >= size);
                CHECK(is_zero(p, a->usable_size(p)));
                fill(p, size, op);
                model[p] = {size, op, align};
                order.push_back(p);
                usable_total += a->usable_size(p);
                check_neighbours(p);
            }
        } else if (k < 80) {
            const std::size_t i = rng() % order.size();
            char* p = order[i];
            REQUIRE(holds(p, model[p].size, model[p].seed));
            usable_total -= a->usable_size(p);
            REQUIRE(a->release(p) == FreeResult::Ok);
            model.erase(p);
            order[i] = order.back();
            order.pop_back();
        } else {
            const std::size_t i = rng() % order.size();
            char* p = order[i];
            const Live old = model[p];
            const std::size_t old_usable = a->usable_size(p);
            const std::size_t size = pick_size();
            auto* q = static_cast<char*>(a->reallocate(p, size));
            if (q == nullptr) {
                CHECK(holds(p, old.size, old.seed));
                continue;
            }
            REQUIRE(a->usable_size(q) >= size);
            CHECK(holds(q, std::min(old.size, size), old.seed));
            if (size > old.size) CHECK(is_zero(q + old.size, size - old.size));
            model.erase(p);
            fill(q, size, op);
            model[q] = {size, op, 16};
            order[i] = q;
            usable_total += a->usable_size(q) - old_usable;
            check_neighbours(q);
        }
        REQUIRE(a->live_block_count() == model.size());
        REQUIRE(a->live_bytes() == usable_total);

        if (op % 1000 == 0) {
            REQUIRE(a->verify(true));
            auto it = model.begin();
            bool in_order = true;
            a->for_each_live_block([&](const RankArena::Block& b) {
                if (it == model.end() || b.address != it->first) {
                    in_order = false;
                    return;
                }
                ++it;
            });
            CHECK((in_order && it == model.end()));
            char* end_of_prev = nullptr;
            for (auto& [p, l] : model) {
                REQUIRE(holds(p, l.size, l.seed));
                const std::size_t n = a->usable_size(p);
                CHECK(end_of_prev <= p);
                end_of_prev = p + n;
                auto b = a->block_containing(p + rng() % n);
                REQUIRE(b.has_value());
                CHECK(b->address == p);
                CHECK(b->size == n);
            }
        }
    }
    for (char* p : order) REQUIRE(a->release(p) == FreeResult::Ok);
    CHECK(a->live_block_count() == 0);
    CHECK(a->live_bytes() == 0);
    CHECK(a->verify(true));
    CHECK(a->used_extent() == empty); // everything went back to the top
}
