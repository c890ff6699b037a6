// The per-rank heap under hostile and random use: scribbled metadata, exhaustion, determinism
// across bases and histories, and a randomized comparison with a reference model.
#include "RankArenaHarness.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <map>
#include <random>
#include <vector>

using namespace arena_test;

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
