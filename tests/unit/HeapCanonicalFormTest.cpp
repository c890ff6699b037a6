// The heap canonical form (mc/runtime/HeapCanonicalForm.hpp): equal exactly when two memories
// hold the same graph of blocks up to where the blocks lie. Each test builds a structure in two
// arenas (different bases, different allocation orders, other blocks in between) and compares
// the forms fed from a table of roots, as SystemMemory feeds globals; then changes one value,
// one pointer or one aliasing and requires the forms to differ.
#include "RankArenaHarness.hpp"

#include "mc/runtime/HeapCanonicalForm.hpp"

#include <array>
#include <deque>

namespace {

using arena_test::RankArena;
using arena_test::Region;
using rankfold::mc::HeapCanonicalForm;
using rankfold::snapshot::Fingerprint;
using rankfold::snapshot::FingerprintBuilder;

struct Node {
    long value;
    Node* next;
};

struct Tree {
    long key;
    Tree* left;
    Tree* right;
};

// One rank's memory: an arena and a table of roots standing for its globals.
struct Memory {
    Region region{std::size_t{1} << 24};
    RankArena* arena = RankArena::create(region.base, region.size);
    std::array<std::uintptr_t, 4> roots{};
    std::vector<HeapCanonicalForm::Range> ignored;

    template <class T> T* make() { return static_cast<T*>(arena->allocate(sizeof(T))); }
    void garbage(std::size_t n) const { // blocks nothing points at, with content
        for (std::size_t i = 0; i < n; ++i) arena_test::fill(arena->allocate(40), 40, 7 + i);
    }
    Fingerprint form() {
        HeapCanonicalForm canonical;
        canonical.reset(arena, ignored);
        FingerprintBuilder out;
        canonical.feed(out, reinterpret_cast<std::uintptr_t>(roots.data()), sizeof roots);
        canonical.feed_blocks(out);
        return out.digest();
    }
};

// A list of `values` whose nodes are allocated in the order of `allocation` (indices into
// values), with `gap` garbage blocks before each.
Node* list(Memory& m, const std::vector<long>& values, const std::vector<int>& allocation,
           std::size_t gap) {
    std::vector<Node*> nodes(values.size());
    for (const int i : allocation) {
        m.garbage(gap);
        nodes[static_cast<std::size_t>(i)] = m.make<Node>();
    }
    for (std::size_t i = 0; i < values.size(); ++i) {
        nodes[i]->value = values[i];
        nodes[i]->next = i + 1 < values.size() ? nodes[i + 1] : nullptr;
    }
    return nodes.front();
}

} // namespace

TEST_CASE("heap form: a list allocated in another order, elsewhere, is the same list") {
    Memory a, b;
    a.roots[0] = reinterpret_cast<std::uintptr_t>(list(a, {1, 2, 3}, {0, 1, 2}, 0));
    b.roots[0] = reinterpret_cast<std::uintptr_t>(list(b, {1, 2, 3}, {2, 0, 1}, 2));
    CHECK(a.form() == b.form());
    SECTION("a value differs") {
        reinterpret_cast<Node*>(b.roots[0])->next->value = 5;
        CHECK(a.form() != b.form());
    }
    SECTION("the order of the list differs") {
        Memory c;
        c.roots[0] = reinterpret_cast<std::uintptr_t>(list(c, {1, 3, 2}, {0, 1, 2}, 0));
        CHECK(a.form() != c.form());
    }
    SECTION("the list is shorter") {
        reinterpret_cast<Node*>(b.roots[0])->next->next = nullptr;
        CHECK(a.form() != b.form());
    }
}

TEST_CASE("heap form: a cycle ends the walk and compares as a cycle") {
    Memory a, b;
    Node* ha = list(a, {1, 2, 3}, {0, 1, 2}, 0);
    Node* hb = list(b, {1, 2, 3}, {1, 2, 0}, 1);
    ha->next->next->next = ha;
    hb->next->next->next = hb;
    a.roots[0] = reinterpret_cast<std::uintptr_t>(ha);
    b.roots[0] = reinterpret_cast<std::uintptr_t>(hb);
    CHECK(a.form() == b.form());
    hb->next->next->next = hb->next; // a cycle of two after one
    CHECK(a.form() != b.form());
}

TEST_CASE("heap form: trees built in another order; another shape differs") {
    const auto build = [](Memory& m, bool children_first, bool swap) {
        Tree* l = nullptr;
        Tree* r = nullptr;
        Tree* root = nullptr;
        if (children_first) {
            r = m.make<Tree>();
            l = m.make<Tree>();
            root = m.make<Tree>();
        } else {
            root = m.make<Tree>();
            l = m.make<Tree>();
            r = m.make<Tree>();
        }
        *l = {1, nullptr, nullptr};
        *r = {3, nullptr, nullptr};
        *root = {2, swap ? r : l, swap ? l : r};
        m.roots[1] = reinterpret_cast<std::uintptr_t>(root);
    };
    Memory a, b, c;
    build(a, false, false);
    build(b, true, false);
    build(c, false, true);
    CHECK(a.form() == b.form());
    CHECK(a.form() != c.form());
}

TEST_CASE("heap form: pointers to pointers, interior pointers and arrays of pointers") {
    Memory a, b;
    const auto build = [](Memory& m, bool reversed, std::size_t at) {
        long* cell = nullptr;
        long** holder = nullptr;
        if (reversed) {
            m.garbage(3);
            holder = m.make<long*>();
            cell = static_cast<long*>(m.arena->allocate(4 * sizeof(long)));
        } else {
            cell = static_cast<long*>(m.arena->allocate(4 * sizeof(long)));
            holder = m.make<long*>();
        }
        cell[at] = 42;
        *holder = cell + at; // an interior pointer
        auto** table = static_cast<long***>(m.arena->allocate(3 * sizeof(long**)));
        table[0] = holder;
        table[2] = holder;
        m.roots[2] = reinterpret_cast<std::uintptr_t>(table);
    };
    build(a, false, 1);
    build(b, true, 1);
    CHECK(a.form() == b.form());
    SECTION("the interior pointer points elsewhere in its block") {
        Memory c;
        build(c, false, 2);
        CHECK(a.form() != c.form());
    }
    SECTION("a pointee's value differs") {
        **reinterpret_cast<long***>(b.roots[2])[0] = 43;
        CHECK(a.form() != b.form());
    }
}

TEST_CASE("heap form: aliasing is part of the form (one block twice is not two equal blocks)") {
    Memory a, b;
    Node* shared = a.make<Node>();
    *shared = {9, nullptr};
    a.roots[0] = a.roots[1] = reinterpret_cast<std::uintptr_t>(shared);
    Node* first = b.make<Node>();
    Node* second = b.make<Node>();
    *first = *second = {9, nullptr};
    b.roots[0] = reinterpret_cast<std::uintptr_t>(first);
    b.roots[1] = reinterpret_cast<std::uintptr_t>(second);
    CHECK(a.form() != b.form());
}

TEST_CASE("heap form: unreachable blocks are garbage; ignored ranges are left out") {
    Memory a, b;
    a.roots[0] = reinterpret_cast<std::uintptr_t>(list(a, {4, 5}, {0, 1}, 0));
    b.roots[0] = reinterpret_cast<std::uintptr_t>(list(b, {4, 5}, {0, 1}, 3));
    b.garbage(5);
    CHECK(a.form() == b.form());
    SECTION("a root outside the heap is compared by value") {
        a.roots[3] = 17;
        CHECK(a.form() != b.form());
        b.roots[3] = 17;
        CHECK(a.form() == b.form());
    }
    SECTION("an ignored root, and an ignored range inside a block") {
        a.roots[3] = 1;
        b.roots[3] = 2;
        const auto r = reinterpret_cast<std::uintptr_t>(&a.roots[3]);
        a.ignored.push_back({r, r + 8});
        const auto s = reinterpret_cast<std::uintptr_t>(&b.roots[3]);
        b.ignored.push_back({s, s + 8});
        Node* na = reinterpret_cast<Node*>(a.roots[0]);
        Node* nb = reinterpret_cast<Node*>(b.roots[0]);
        nb->value = 99;
        const auto value_of = [](Node* n) {
            const auto v = reinterpret_cast<std::uintptr_t>(&n->value);
            return HeapCanonicalForm::Range{v, v + sizeof n->value};
        };
        a.ignored.push_back(value_of(na));
        b.ignored.push_back(value_of(nb));
        CHECK(a.form() == b.form());
    }
}

TEST_CASE("heap form: blocks no typed pointer claims are untyped: their padding is compared") {
    // Roots fed by feed() are untyped; TypedHeapFormTest has the typed walk.
    struct Padded {
        char tag;
        long value;
    };
    Memory a, b;
    auto* pa = a.make<Padded>();
    auto* pb = b.make<Padded>();
    pa->tag = pb->tag = 'x';
    pa->value = pb->value = 3;
    a.roots[0] = reinterpret_cast<std::uintptr_t>(pa);
    b.roots[0] = reinterpret_cast<std::uintptr_t>(pb);
    CHECK(a.form() == b.form());
    reinterpret_cast<unsigned char*>(pb)[1] = 0xee; // a padding byte
    CHECK(a.form() != b.form());
}

TEST_CASE("heap form: a freed block's address is a plain value") {
    Memory a, b;
    Node* na = a.make<Node>();
    Node* nb = b.make<Node>();
    a.roots[0] = reinterpret_cast<std::uintptr_t>(na);
    b.roots[0] = reinterpret_cast<std::uintptr_t>(nb);
    a.arena->allocate(16); // keeps the freed block from going back to the top
    b.arena->allocate(16);
    CHECK(a.form() == b.form());
    b.arena->release(nb); // b's root now dangles: its value, not a block, is compared
    CHECK(a.form() != b.form());
}

TEST_CASE("heap form: whole pages without pointers go by their digest, the others by word") {
    // Two arenas, each with one big block (same offset in its pages) and a small one the big
    // block may point at; the digests of whole pages come from a table filled on demand, as
    // SystemMemory takes them from the snapshot.
    struct PagedMemory : Memory {
        std::size_t asked = 0;
        HeapCanonicalForm canonical; // kept: its facts of chunks are remembered across forms
        Fingerprint paged_form() {
            canonical.reset(arena, ignored);
            const auto base = reinterpret_cast<std::uintptr_t>(region.base);
            canonical.set_pages(
                [this](std::uintptr_t page) -> const Fingerprint* {
                    ++asked;
                    digests.push_back(rankfold::snapshot::fingerprint_of(
                        reinterpret_cast<const void*>(page), 4096));
                    return &digests.back();
                },
                [](std::uintptr_t at) {
                    return rankfold::snapshot::fingerprint_of(reinterpret_cast<const void*>(at),
                                                              4096);
                },
                {base, base + region.size}, 0);
            FingerprintBuilder out;
            canonical.feed(out, reinterpret_cast<std::uintptr_t>(roots.data()), sizeof roots);
            canonical.feed_blocks(out);
            return out.digest();
        }
        std::deque<Fingerprint> digests;
    };
    PagedMemory a, b;
    constexpr std::size_t kBig = std::size_t{5} * 4096;
    auto* big_a = static_cast<long*>(a.arena->allocate(kBig));
    b.garbage(1); // b's blocks lie elsewhere, the big one at the same offset in its pages
    auto* big_b = static_cast<long*>(b.arena->allocate(kBig, 4096));
    big_a = static_cast<long*>(a.arena->allocate(kBig, 4096));
    Node* small_a = a.make<Node>();
    Node* small_b = b.make<Node>();
    *small_a = *small_b = {5, nullptr};
    for (std::size_t i = 0; i < kBig / sizeof(long); ++i) big_a[i] = big_b[i] = long(i * 3);
    big_a[600] = reinterpret_cast<long>(small_a); // a pointer in the big block's first page
    big_b[600] = reinterpret_cast<long>(small_b);
    a.roots[0] = reinterpret_cast<std::uintptr_t>(big_a);
    b.roots[0] = reinterpret_cast<std::uintptr_t>(big_b);
    CHECK(a.paged_form() == b.paged_form());
    CHECK(a.asked >= 4); // the big block's whole pages were offered
    SECTION("a value differs in a page fed by its digest") {
        big_b[2000] = 1; // in the block's fourth page
        CHECK(a.paged_form() != b.paged_form());
    }
    SECTION("the pointed-to block differs (followed from a page fed word by word)") {
        small_b->value = 6;
        CHECK(a.paged_form() != b.paged_form());
    }
    SECTION("the same content from another offset within its pages") {
        // Chunks count from the block's start: a page-aligned block and one that starts 48
        // bytes into a page feed the same stream (issue 12: large blocks at page offsets).
        PagedMemory c;
        c.garbage(1);
        auto* big_c = static_cast<long*>(c.arena->allocate(kBig));
        REQUIRE(reinterpret_cast<std::uintptr_t>(big_c) % 4096 !=
                reinterpret_cast<std::uintptr_t>(big_a) % 4096);
        Node* small_c = c.make<Node>();
        *small_c = {5, nullptr};
        for (std::size_t i = 0; i < kBig / sizeof(long); ++i) big_c[i] = long(i * 3);
        big_c[600] = reinterpret_cast<long>(small_c);
        c.roots[0] = reinterpret_cast<std::uintptr_t>(big_c);
        CHECK(a.paged_form() == c.paged_form());
        CHECK(a.paged_form() == c.paged_form()); // again, from the chunks remembered
        big_c[kBig / sizeof(long) - 1] = 1;      // its last chunk's last word
        CHECK(a.paged_form() != c.paged_form());
        big_c[kBig / sizeof(long) - 1] = big_a[kBig / sizeof(long) - 1];
        big_c[1200] = reinterpret_cast<long>(small_c); // a pointer where a holds a number
        CHECK(a.paged_form() != c.paged_form());
    }
}
