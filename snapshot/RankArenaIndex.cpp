// RankArena: the page index that maps any address to its block, lookups, and verify().
#include "snapshot/RankArena.hpp"

#include "snapshot/RankArenaDetail.hpp"

#include <cstring>

namespace rankfold::snapshot {
using namespace arena_detail;

void RankArena::note_start(std::uint64_t s) noexcept {
    std::uint32_t& e = index()[page_of(s)];
    if (e == 0 || page_of(std::uint64_t{e} * kUnit) != page_of(s) || e < s / kUnit)
        e = static_cast<std::uint32_t>(s / kUnit);
}

// Start d disappeared into the block starting at pred (the block just below it).
void RankArena::drop_start(std::uint64_t d, std::uint64_t pred, bool merged_live) noexcept {
    std::uint32_t& e = index()[page_of(d)];
    if (e != d / kUnit) return; // a higher start on the page remains the entry
    const bool same_page = page_of(pred) == page_of(d);
    e = (same_page || merged_live) ? static_cast<std::uint32_t>(pred / kUnit) : 0;
}

// Sets to `value` the entries of the pages that the block [s, end) covers without holding a
// start, skipping pages before `from`. The page of `end` holds the next block's start unless end
// is top or page-aligned.
void RankArena::set_interior(std::uint64_t s, std::uint64_t from, std::uint64_t end,
                             std::uint64_t value) noexcept {
    std::uint32_t* idx = index();
    for (std::uint64_t j = std::max(page_of(s) + 1, page_of(from)); j < interior_stop(end); ++j)
        idx[j] = static_cast<std::uint32_t>(value / kUnit);
}

// One past the last page that a block ending at `end` covers without a start on it.
std::uint64_t RankArena::interior_stop(std::uint64_t end) const noexcept {
    return page_of(end - 1) + ((end < top_ && end % kPageSize != 0) ? 0 : 1);
}

// Start of the block containing off (heap_begin <= off < top), kInFreeSpace when off lies in a
// free block whose page holds no start, 0 when the index or the headers are inconsistent.
std::uint64_t RankArena::locate(std::uint64_t off) const noexcept {
    const std::uint64_t page = page_of(off);
    std::uint64_t e = std::uint64_t{index()[page]} * kUnit;
    if (e == 0) return kInFreeSpace;
    if (page_of(e) != page) { // the page lies inside the live block starting at e
        const bool ok = state(e) == State::Live && off - e < bytes_of(hdr(e).units);
        return ok ? e : 0;
    }
    // e is the highest start on the page: walk down to the block containing off.
    for (std::uint64_t steps = 0; steps <= kPageSize / bytes_of(kMinUnits) + 1; ++steps) {
        if (state(e) == State::Invalid) return 0;
        if (e <= off) return off - e < bytes_of(hdr(e).units) ? e : 0;
        const std::uint64_t down = bytes_of(hdr(e).prev_units);
        if (down == 0 || down > e - heap_begin_) return 0;
        e -= down;
    }
    return 0;
}

// Header offset of the live block whose payload starts at p, else 0.
std::uint64_t RankArena::live_start(const void* p) const noexcept {
    if (!owns(p)) return 0;
    const std::uint64_t off = offset_of(p);
    return off >= heap_begin_ + kUnit && state(off - kUnit) == State::Live ? off - kUnit : 0;
}

std::size_t RankArena::usable_size(const void* p) const noexcept {
    const std::uint64_t h = live_start(p);
    return h != 0 ? bytes_of(hdr(h).units) - kUnit : 0;
}

std::optional<RankArena::Block> RankArena::block_containing(const void* p) const noexcept {
    if (!owns(p)) return std::nullopt;
    const auto off = offset_of(p);
    if (off < heap_begin_ || off >= top_) return std::nullopt;
    const std::uint64_t s = locate(off);
    if (s < heap_begin_ || state(s) != State::Live || off < s + kUnit) return std::nullopt;
    return Block{const_cast<std::byte*>(bytes()) + s + kUnit, bytes_of(hdr(s).units) - kUnit};
}

bool RankArena::verify(bool deep) const noexcept {
    if (magic_ != kMagic || top_ < heap_begin_ || top_ > capacity_ || top_ % kUnit != 0)
        return false;
    const std::uint32_t* idx = index();
    std::uint64_t live = 0, live_bytes = 0, free_blocks = 0, last = 0;
    std::uint32_t prev = 0;
    bool prev_free = false;
    for (std::uint64_t off = heap_begin_; off < top_;) {
        const State s = state(off);
        const BlockHeader& h = hdr(off);
        if (s == State::Invalid || h.prev_units != prev) return false;
        const bool is_free = s == State::Free;
        const std::uint64_t end = off + bytes_of(h.units);
        if (is_free && (prev_free || end == top_)) return false; // unmerged or not given back
        if (is_free) {
            ++free_blocks;
            const std::uint64_t z = off + kUnit + sizeof(FreeLinks);
            if (deep && !all_zero(bytes() + z, end - z)) return false;
        } else {
            ++live;
            live_bytes += bytes_of(h.units) - kUnit;
        }
        // Page index: start-less pages covered by this block, then the page of its start if no
        // later start shares that page.
        for (std::uint64_t j = page_of(off) + 1; j < interior_stop(end); ++j)
            if (idx[j] != (is_free ? 0 : off / kUnit)) return false;
        if ((end == top_ || page_of(end) != page_of(off)) && idx[page_of(off)] != off / kUnit)
            return false;
        prev = h.units;
        prev_free = is_free;
        last = off;
        off = end;
    }
    if (last != last_ || live != live_count_ || live_bytes != live_bytes_) return false;
    for (std::uint64_t j = 0; j < index_pages_; ++j) {
        const bool touched = (j + 1) * kPageSize > heap_begin_ && j * kPageSize < top_;
        if (!touched && idx[j] != 0) return false;
    }
    std::uint64_t listed = 0;
    for (unsigned c = 0; c < kClasses; ++c) {
        const bool bit = (nonempty_[c / 64] >> (c % 64)) & 1;
        if (bit != (heads_[c] != 0)) return false;
        std::uint32_t back = 0;
        for (std::uint32_t f = heads_[c]; f != 0;) {
            const std::uint64_t off = std::uint64_t{f} * kUnit;
            if (state(off) != State::Free || class_of(hdr(off).units) != c) return false;
            if (links(off).prev != back || ++listed > free_blocks) return false;
            back = f;
            f = links(off).next;
        }
    }
    if (listed != free_blocks) return false;
    if (deep) {
        const std::uint64_t n = std::min(capacity_ - top_, kDeepTopCheck);
        if (!all_zero(bytes() + top_, n)) return false;
    }
    return true;
}

} // namespace rankfold::snapshot
