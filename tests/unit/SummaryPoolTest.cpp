// SummaryPool (the compact summaries of source sets): the same set semantics as sorted vectors
// of whole transitions with or-ed effects, and equal stored sets kept once.
#include "mc/search/SummaryPool.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <tuple>

using namespace rankfold::mc;

namespace {

Transition make(int rank, int outcome, std::uint64_t ran, std::uint64_t observed = 0) {
    Transition t;
    t.kind = TransitionKind::WildcardMatch;
    t.rank = rank;
    t.object = 1;
    t.outcome = outcome;
    t.effects.ran = ran;
    t.effects.observed = observed;
    return t;
}

using Key = std::tuple<int, int, int, int, std::uint64_t, std::uint64_t, std::uint32_t>;
Key key(const Transition& t) {
    return {static_cast<int>(t.kind),
            t.rank,
            t.object,
            t.outcome,
            t.receive_id,
            t.message_id,
            t.detail};
}

// The reference: identity -> or-ed effects.
using Reference = std::map<Key, Effects>;
void add(Reference& r, const Transition& t) {
    r[key(t)] |= t.effects;
}

bool equal(const SummaryPool& pool, const SummaryPool::Set& set, const Reference& r) {
    if (set.size() != r.size()) return false;
    return std::ranges::all_of(set, [&](SummaryPool::Entry e) {
        const Transition t = pool.transition(e);
        auto it = r.find(key(t));
        if (it == r.end()) return false;
        const Effects& want = it->second;
        return t.effects.ran == want.ran && t.effects.observed == want.observed &&
               t.effects.resumed == want.resumed && t.effects.requests == want.requests;
    });
}

} // namespace

TEST_CASE("SummaryPool: one entry per transition, effects or-ed", "[source][summary]") {
    SummaryPool pool;
    SummaryPool::Set set;
    pool.insert(set, make(0, 1, 0b01));
    pool.insert(set, make(0, 1, 0b10, 0b100));
    pool.insert(set, make(1, 0, 0b01));
    REQUIRE(set.size() == 2);
    Reference want;
    add(want, make(0, 1, 0b01));
    add(want, make(0, 1, 0b10, 0b100));
    add(want, make(1, 0, 0b01));
    CHECK(equal(pool, set, want));
    // The ids of a WildcardMatch are part of its identity in a summary.
    Transition other = make(0, 1, 0b01);
    other.message_id = 7;
    pool.insert(set, other);
    CHECK(set.size() == 3);
}

TEST_CASE("SummaryPool: random inserts and unions match the reference", "[source][summary]") {
    std::mt19937 rng(18);
    SummaryPool pool;
    for (int round = 0; round < 200; ++round) {
        SummaryPool::Set a, b;
        Reference ra, rb;
        const int n = static_cast<int>(rng() % 20);
        for (int i = 0; i < n; ++i) {
            const Transition t = make(static_cast<int>(rng() % 4), static_cast<int>(rng() % 3),
                                      rng() % 8, rng() % 4);
            if ((rng() & 1U) != 0) {
                pool.insert(a, t);
                add(ra, t);
            } else {
                pool.insert(b, t);
                add(rb, t);
            }
        }
        CHECK(std::ranges::is_sorted(a));
        // covers() answers whether the union changes `a`, without building it.
        SummaryPool::Set before = a;
        SummaryPool::Set ab = a;
        pool.unite(ab, b);
        CHECK(pool.covers(a, b) == (ab == before));
        CHECK(pool.covers(ab, b));
        CHECK(pool.covers(ab, a));
        pool.unite(a, b);
        for (const auto& [k, e] : rb) ra[k] |= e;
        CHECK(std::ranges::is_sorted(a));
        CHECK(equal(pool, a, ra));
    }
}

TEST_CASE("SummaryPool: equal stored sets are kept once and freed with their last user",
          "[source][summary]") {
    SummaryPool pool;
    SummaryPool::Set a, b;
    pool.insert(a, make(0, 1, 1));
    pool.insert(a, make(2, 0, 4));
    pool.insert(b, make(2, 0, 4)); // the same set built in another order
    pool.insert(b, make(0, 1, 1));
    CHECK(pool.share({}) == SummaryPool::kEmpty);
    const SummaryPool::Id ia = pool.share(a);
    const SummaryPool::Id ib = pool.share(b);
    CHECK(ia == ib);
    CHECK(pool.stored_sets() == 1);
    CHECK(pool.set(ia) == a);
    pool.release(ia);
    CHECK(pool.stored_sets() == 1); // b still uses it
    pool.release(ib);
    CHECK(pool.stored_sets() == 0);
    SummaryPool::Set c = a;
    pool.insert(c, make(3, 3, 8));
    const SummaryPool::Id ic = pool.share(c);
    CHECK(pool.set(ic) == c);
    CHECK(pool.stored_sets() == 1);
    const SummaryPool::Id ia2 = pool.share(a);
    CHECK(ia2 != ic);
    CHECK(pool.stored_sets() == 2);
}
