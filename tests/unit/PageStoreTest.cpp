#include "snapshot/PageStore.hpp"
#include "snapshot/PageVector.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <map>
#include <random>
#include <vector>

using namespace rankfold::snapshot;

namespace {

std::vector<std::byte> page_of(std::uint64_t seed) {
    std::vector<std::byte> page(kPageSize);
    std::mt19937_64 rng(seed);
    for (auto& b : page) b = static_cast<std::byte>(rng());
    return page;
}

bool same_bytes(const std::byte* a, const std::vector<std::byte>& b) {
    return std::memcmp(a, b.data(), kPageSize) == 0;
}

// Every page collides: only memcmp tells them apart.
Fingerprint constant_digest(const std::byte*) {
    return {42, 42};
}

} // namespace

TEST_CASE("PageStore shares equal pages and counts references", "[snapshot][pagestore]") {
    PageStore store;
    const auto a = page_of(1);
    const PageRef r1 = store.store(a.data());
    const PageRef r2 = store.store(a.data());
    CHECK(r1 == r2);
    CHECK(store.refcount(r1) == 2);
    CHECK(store.stats().distinct_pages == 1);
    CHECK(store.stats().references == 2);
    CHECK(store.digest(r1) == PageStore::xxh3_digest(a.data()));
    CHECK(store.digest(r1) == fingerprint_of(a.data(), kPageSize)); // XXH3-128 of the page
    CHECK(same_bytes(store.data(r1), a));
    store.release(r1);
    CHECK(store.refcount(r2) == 1);
    CHECK(store.stats().distinct_pages == 1);
    store.release(r2);
    CHECK(store.stats().distinct_pages == 0);
    CHECK(store.stats().references == 0);
}

TEST_CASE("PageStore keeps different pages apart", "[snapshot][pagestore]") {
    PageStore store;
    auto a = page_of(1);
    auto b = a;
    b[4095] ^= std::byte{1}; // differs in the last byte only
    const PageRef ra = store.store(a.data());
    const PageRef rb = store.store(b.data());
    CHECK(ra != rb);
    CHECK(same_bytes(store.data(ra), a));
    CHECK(same_bytes(store.data(rb), b));
    CHECK(store.stats().distinct_pages == 2);
    store.retain(ra);
    CHECK(store.refcount(ra) == 2);
}

TEST_CASE("PageStore: the zero page costs nothing", "[snapshot][pagestore]") {
    PageStore store;
    std::vector<std::byte> zero(kPageSize);
    const PageRef r = store.store(zero.data());
    CHECK(r == kZeroPage);
    CHECK(store.store(zero.data()) == kZeroPage);
    CHECK(store.stats().distinct_pages == 0);
    CHECK(store.stats().slab_bytes == 0);
    CHECK(same_bytes(store.data(kZeroPage), zero));
    store.release(r);
    store.release(r);
    zero[100] = std::byte{1};
    CHECK(store.store(zero.data()) != kZeroPage);
}

TEST_CASE("PageStore confirms digest hits byte by byte", "[snapshot][pagestore]") {
    PageStore store(PageStore::Options{true, &constant_digest});
    std::vector<std::byte> zero(kPageSize);
    CHECK(store.store(zero.data()) == kZeroPage);
    // A model of what is stored, with a random mix of stores and releases over few contents so
    // that equal pages meet often, all under one colliding digest.
    std::map<std::uint64_t, std::pair<PageRef, int>> model; // content seed -> (ref, refs)
    std::mt19937_64 rng(7);
    for (int op = 0; op < 3000; ++op) {
        const std::uint64_t seed = 1 + rng() % 40;
        const auto page = page_of(seed);
        auto it = model.find(seed);
        if (rng() % 3 != 0 || it == model.end()) {
            const PageRef r = store.store(page.data());
            if (it == model.end()) {
                for (const auto& [s, entry] : model) REQUIRE(entry.first != r);
                model[seed] = {r, 1};
            } else {
                REQUIRE(r == it->second.first);
                ++it->second.second;
            }
        } else {
            store.release(it->second.first);
            if (--it->second.second == 0) model.erase(it);
        }
        if (op % 100 == 0) {
            for (const auto& [s, entry] : model) {
                REQUIRE(same_bytes(store.data(entry.first), page_of(s)));
                REQUIRE(store.refcount(entry.first) == static_cast<std::uint32_t>(entry.second));
            }
        }
    }
    CHECK(store.stats().distinct_pages == model.size());
}

TEST_CASE("PageStore gives memory back when pages are released", "[snapshot][pagestore]") {
    PageStore store;
    std::vector<PageRef> refs;
    for (std::uint64_t i = 0; i < 3000; ++i) refs.push_back(store.store(page_of(i + 1).data()));
    const auto full = store.stats();
    CHECK(full.distinct_pages == 3000);
    CHECK(full.page_bytes == 3000 * kPageSize);
    CHECK(full.slab_bytes >= full.page_bytes);
    for (PageRef r : refs) store.release(r);
    const auto empty = store.stats();
    CHECK(empty.distinct_pages == 0);
    CHECK(empty.slab_bytes <= 2UL * 1024 * 1024); // at most one spare slab stays mapped
    // Freed slots are reused.
    const PageRef again = store.store(page_of(99999).data());
    CHECK(again <= 3000);
    CHECK(store.stats().slab_bytes <= 2UL * 1024 * 1024);
}

TEST_CASE("PageStore without sharing stores every page", "[snapshot][pagestore]") {
    PageStore store(PageStore::Options{false, nullptr});
    CHECK_FALSE(store.sharing());
    const auto a = page_of(3);
    std::vector<std::byte> zero(kPageSize);
    const PageRef r1 = store.store(a.data());
    const PageRef r2 = store.store(a.data());
    const PageRef z = store.store(zero.data());
    CHECK(r1 != r2);
    CHECK(z != kZeroPage);
    CHECK(store.digest(r1) == store.digest(r2));
    CHECK(store.stats().distinct_pages == 3);
    store.release(r1);
    store.release(r2);
    store.release(z);
    CHECK(store.stats().distinct_pages == 0);
}

TEST_CASE("PageVector shares chunks and copies on write", "[snapshot][pagestore]") {
    PageStore store;
    const auto a = page_of(1);
    const auto b = page_of(2);
    {
        PageVector v(store);
        v.resize(200);
        for (std::size_t i = 0; i < 200; ++i) v.set(i, store.store(a.data()));
        const PageRef ra = v[0];
        CHECK(store.refcount(ra) == 200);
        PageVector copy = v; // shares chunks: no new page references
        CHECK(store.refcount(ra) == 200);
        copy.set(70, store.store(b.data())); // copies chunk 1 only
        CHECK(store.refcount(ra) == 200 + 63);
        std::vector<std::size_t> diff;
        v.for_each_difference(copy, [&](std::size_t i) { diff.push_back(i); });
        CHECK(diff == std::vector<std::size_t>{70});
        copy.resize(10);
        diff.clear();
        v.for_each_difference(copy, [&](std::size_t i) { diff.push_back(i); });
        CHECK(diff.size() == 190);
        CHECK(copy[10] == kNoPage);
        copy.resize(20);
        CHECK(copy[15] == kNoPage);
        CHECK(v[15] == ra);
    }
    CHECK(store.stats().distinct_pages == 0);
    CHECK(store.stats().list_bytes == 0);
}
