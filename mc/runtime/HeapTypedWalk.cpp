// The typed part of the heap canonical form (HeapCanonicalForm.hpp): values fed by their DWARF
// layout, the claims typed pointers make on blocks, and feeding the reached blocks.
#include "mc/runtime/HeapCanonicalForm.hpp"

#include <algorithm>
#include <cstring>

namespace rankfold::mc {

namespace {
bool same_type(const dwarf::Layout& a, const dwarf::Layout& b) {
    return &a == &b || a.signature == b.signature;
}

// One plain value of at most a word, without padding: an int, a double, a char.
bool plain_small(const dwarf::Layout& type) {
    return type.size > 0 && type.size <= 8 && type.pieces.size() == 1 &&
           type.pieces[0].kind == dwarf::LayoutPiece::Kind::Bytes && type.pieces[0].offset == 0 &&
           type.pieces[0].size == type.size;
}
} // namespace

// A claim counts only from a pointer to the block's start whose type fits the block's size;
// any other typed pointer to the start says the block is something else: untyped.
void HeapCanonicalForm::claim(std::size_t block, std::uint64_t value, const dwarf::Layout* type) {
    Block& b = blocks_[block];
    if (type == nullptr || value != b.begin || b.conflict) return;
    const bool fits = dwarf::elementsInBlock(*type, b.end - b.begin) > 0;
    if (fits && b.type == nullptr && !b.fed) {
        b.type = type;
        return;
    }
    if (fits && b.type != nullptr && same_type(*b.type, *type)) return;
    if (b.fed && b.type == nullptr) return; // fed untyped already: nothing left out
    b.conflict = true;
    if (b.fed) refeed_.push_back(block);
}

bool HeapCanonicalForm::touches_ignored(std::uintptr_t at, std::size_t size) const {
    auto it = std::upper_bound(ignored_.begin(), ignored_.end(), at,
                               [](std::uintptr_t a, const Range& r) { return a < r.end; });
    return it != ignored_.end() && it->begin < at + size;
}

void HeapCanonicalForm::feed_typed(snapshot::FingerprintBuilder& out, std::uintptr_t at,
                                   const dwarf::Layout& layout) {
    using Kind = dwarf::LayoutPiece::Kind;
    for (const dwarf::LayoutPiece& p : layout.pieces) {
        const std::uintptr_t a = at + p.offset;
        switch (p.kind) {
        case Kind::Bytes:
            feed_mode(out, a, p.size, Words::Values);
            break;
        case Kind::Untyped:
            feed_mode(out, a, p.size, Words::Pointers);
            break;
        case Kind::Pointer: {
            if (touches_ignored(a, 8)) {
                feed_mode(out, a, 8, Words::Pointers);
                break;
            }
            std::uint64_t v = 0;
            std::memcpy(&v, reinterpret_cast<const void*>(a), sizeof v);
            const dwarf::Layout* target =
                p.target != nullptr && p.target->known ? p.target : nullptr;
            if (const long b = block_of(v); b >= 0) {
                feed_pointer(out, static_cast<std::size_t>(b), v, kPointerTag, target);
            } else {
                out.value(std::uint64_t{sizeof v});
                out.value(v);
            }
            break;
        }
        case Kind::Repeat:
            for (std::uint64_t i = 0; i < p.count; ++i)
                feed_typed(out, a + i * p.stride, *p.target);
            break;
        }
    }
}

void HeapCanonicalForm::feed_block(snapshot::FingerprintBuilder& out, std::size_t index) {
    Block& b = blocks_[index];
    b.fed = true;
    const std::uint64_t size = b.end - b.begin;
    out.value(kBlockTag);
    out.value(size);
    if (b.type == nullptr || b.conflict) {
        feed(out, b.begin, size);
        return;
    }
    const dwarf::Layout& type = *b.type;
    const std::uint64_t n = dwarf::elementsInBlock(type, size);
    out.value(kTypedBlockTag);
    out.value(type.signature);
    // An array of ints or doubles of megabytes (a window's memory): the same bytes as the
    // walk element by element would feed, without its layers of calls per element.
    if (plain_small(type) && !touches_ignored(b.begin, n * type.size))
        feed_plain_values(out, b.begin, n, type.size);
    else
        for (std::uint64_t i = 0; i < n; ++i) feed_typed(out, b.begin + i * type.size, type);
    feed(out, b.begin + n * type.size, size - n * type.size); // the arena's rounding
}

void HeapCanonicalForm::feed_plain_values(snapshot::FingerprintBuilder& out, std::uintptr_t at,
                                          std::uint64_t n, std::uint64_t size) {
    // As feed_mode(.., Words::Values) of each element: a run of its bytes, preceded by its
    // length, and after it the block an aligned word points into. An element shorter than a
    // word holds no aligned word.
    const bool words = size == 8 && at % 8 == 0;
    for (std::uint64_t i = 0; i < n; ++i, at += size) {
        out.value(size);
        out.bytes(reinterpret_cast<const void*>(at), size);
        if (!words) continue;
        std::uint64_t v = 0;
        std::memcpy(&v, reinterpret_cast<const void*>(at), sizeof v);
        if (v < low_ || v > high_) continue;
        if (const long b = block_of(v); b >= 0)
            feed_pointer(out, static_cast<std::size_t>(b), v, kValueReachTag);
    }
}

void HeapCanonicalForm::feed_blocks(snapshot::FingerprintBuilder& out) {
    // Indices, not ranges: both lists grow while blocks reach blocks.
    std::size_t next = 0, again = 0;
    while (next < order_.size() || again < refeed_.size()) {
        if (next < order_.size()) {
            feed_block(out, order_[next++]);
            continue;
        }
        const std::size_t index = refeed_[again++];
        const Block& b = blocks_[index];
        out.value(kRefedTag);
        out.value(std::uint64_t{numbers_[index]});
        feed(out, b.begin, b.end - b.begin);
    }
}

} // namespace rankfold::mc
