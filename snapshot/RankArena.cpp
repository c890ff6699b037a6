// RankArena: creation, allocation, release and reallocation. The layout and invariants are
// described in RankArena.hpp; the page index and lookups are in RankArenaIndex.cpp.
#include "snapshot/RankArena.hpp"

#include "snapshot/RankArenaDetail.hpp"

#include <cstring>
#include <new>
#include <utility>

namespace rankfold::snapshot {
using namespace arena_detail;

std::uint32_t* RankArena::index() noexcept {
    return reinterpret_cast<std::uint32_t*>(bytes() + kIndexOffset);
}
std::size_t RankArena::index_extent() const noexcept {
    return kIndexOffset + (top_ + kPageSize - 1) / kPageSize * sizeof(std::uint32_t);
}

const std::uint32_t* RankArena::index() const noexcept {
    return reinterpret_cast<const std::uint32_t*>(bytes() + kIndexOffset);
}

RankArena* RankArena::create(void* base, std::size_t capacity) noexcept {
    if (base == nullptr || reinterpret_cast<std::uintptr_t>(base) % kUnit != 0) return nullptr;
    const std::uint64_t cap = std::min<std::uint64_t>(capacity, kMaxCapacity) & ~(kUnit - 1);
    const std::uint64_t pages = (cap + kPageSize - 1) >> kPageShift;
    const std::uint64_t heap = heap_begin_for(pages);
    if (heap + bytes_of(kMinUnits) > cap) return nullptr;
    // Value-initialisation zeroes every field (counters, lists); the index is zero with the range.
    auto* a = new (base) RankArena();
    a->magic_ = kMagic;
    a->capacity_ = cap;
    a->index_pages_ = pages;
    a->heap_begin_ = a->top_ = heap;
    return a;
}

RankArena* RankArena::attach(void* base) noexcept {
    if (base == nullptr || reinterpret_cast<std::uintptr_t>(base) % kUnit != 0) return nullptr;
    auto* a = std::launder(static_cast<RankArena*>(base));
    if (a->magic_ != kMagic) return nullptr;
    const std::uint64_t cap = a->capacity_, top = a->top_, heap = a->heap_begin_;
    const bool sane = cap <= kMaxCapacity && a->index_pages_ == (cap + kPageSize - 1) / kPageSize &&
                      heap == heap_begin_for(a->index_pages_) && heap <= top && top <= cap &&
                      top % kUnit == 0 && (a->last_ == 0) == (top == heap) && a->last_ < top;
    return sane ? a : nullptr;
}

bool RankArena::owns(const void* p) const noexcept {
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    const auto b = reinterpret_cast<std::uintptr_t>(this);
    return a >= b && a - b < capacity_;
}

// Checks everything before trusting a header: position, size and tag.
RankArena::State RankArena::state(std::uint64_t off) const noexcept {
    if (off < heap_begin_ || off >= top_ || off % kUnit != 0) return State::Invalid;
    const BlockHeader& h = hdr(off);
    if (h.units < kMinUnits || bytes_of(h.units) > top_ - off) return State::Invalid;
    const std::uint64_t m = mix(off, h.units);
    if (h.check == (m ^ kLiveKey)) return State::Live;
    if (h.check == (m ^ kFreeKey)) return State::Free;
    return State::Invalid;
}

void RankArena::write_header(std::uint64_t off, std::uint32_t units, std::uint32_t prev,
                             State s) noexcept {
    hdr(off) = {units, prev, mix(off, units) ^ (s == State::Live ? kLiveKey : kFreeKey)};
}

// The block at `off` (if below top) got a new lower neighbour size.
void RankArena::set_prev(std::uint64_t off, std::uint32_t prev_units) noexcept {
    if (off < top_) hdr(off).prev_units = prev_units;
}

std::uint32_t RankArena::units_for(std::size_t size) const noexcept {
    if (size > capacity_ - bytes_of(kMinUnits)) return 0;
    const std::uint64_t payload = std::max<std::uint64_t>(1, (size + kUnit - 1) / kUnit);
    return static_cast<std::uint32_t>(payload + 1);
}

// Units to leave free before `off` so that the payload is aligned: 0 or at least a minimal block.
std::uint64_t RankArena::gap_for(std::uint64_t off, std::uint64_t alignment) const noexcept {
    const std::uint64_t addr = reinterpret_cast<std::uintptr_t>(this) + off + kUnit;
    std::uint64_t gap = ((0 - addr) & (alignment - 1)) / kUnit;
    if (gap == 1) gap += alignment / kUnit;
    return gap;
}

int RankArena::next_class(unsigned c) const noexcept {
    for (unsigned w = c / 64; w < kClasses / 64; ++w) {
        std::uint64_t bits = nonempty_[w];
        if (w == c / 64) bits &= ~std::uint64_t{0} << (c % 64);
        if (bits != 0) return static_cast<int>(w * 64) + std::countr_zero(bits);
    }
    return -1;
}

// List heads are always validated free blocks (see unlink), so push trusts them.
void RankArena::push(std::uint64_t off, std::uint32_t units) noexcept {
    const unsigned c = class_of(units);
    const std::uint32_t head = heads_[c];
    links(off) = {head, 0};
    if (head != 0)
        links(std::uint64_t{head} * kUnit).prev = static_cast<std::uint32_t>(off / kUnit);
    heads_[c] = static_cast<std::uint32_t>(off / kUnit);
    nonempty_[c / 64] |= std::uint64_t{1} << (c % 64);
}

// Neighbours are validated before being written, so links overwritten by a use-after-free can
// break a list but never make the arena write into a live block or outside the range.
void RankArena::unlink(std::uint64_t off, std::uint32_t units) noexcept {
    const unsigned c = class_of(units);
    FreeLinks& l = links(off);
    const std::uint64_t prev = std::uint64_t{l.prev} * kUnit;
    const std::uint64_t next = std::uint64_t{l.next} * kUnit;
    const std::uint32_t next_ok = next != 0 && state(next) == State::Free ? l.next : 0;
    if (heads_[c] == off / kUnit)
        heads_[c] = next_ok;
    else if (prev != 0 && state(prev) == State::Free)
        links(prev).next = next_ok;
    if (next_ok != 0) links(next).prev = l.prev;
    if (heads_[c] == 0) nonempty_[c / 64] &= ~(std::uint64_t{1} << (c % 64));
    l = {0, 0};
}

// A free block that can hold n units after the alignment gap, or 0. Tries a few blocks of the
// exact class (and, for aligned requests, of the classes up to the worst-case size), then takes
// the head of the first larger non-empty class, which always fits.
std::uint64_t RankArena::find_fit(std::uint32_t n, std::uint64_t alignment,
                                  std::uint64_t& gap) const noexcept {
    const std::uint64_t need = n + (alignment > kUnit ? alignment / kUnit + 1 : 0);
    const unsigned widest =
        need > UINT32_MAX ? kClasses - 1 : class_of(static_cast<std::uint32_t>(need));
    int c = next_class(class_of(n));
    if (c < 0) return 0; // every list that could fit is empty: the usual case when heaps grow
    for (; c >= 0 && static_cast<unsigned>(c) <= widest;
         c = next_class(static_cast<unsigned>(c) + 1)) {
        unsigned budget = kScanLimit;
        // cppcheck-suppress constStatement ; cppcheck misparses std::uint64_t{...} here
        for (std::uint64_t f = std::uint64_t{heads_[c]} * kUnit; f != 0 && budget-- > 0;
             f = std::uint64_t{links(f).next} * kUnit) {
            if (state(f) != State::Free) break; // corrupted list: skip the rest of it
            gap = gap_for(f, alignment);
            if (gap + n <= hdr(f).units) return f;
        }
    }
    if (widest + 1 >= kClasses || (c = next_class(widest + 1)) < 0) return 0;
    const std::uint64_t f = std::uint64_t{heads_[c]} * kUnit;
    if (state(f) != State::Free) return 0;
    gap = gap_for(f, alignment);
    return gap + n <= hdr(f).units ? f : 0;
}

// Makes [r, r + units) a listed free block whose lower neighbour has prev units. Only its header
// and links are written: the space is zero already.
void RankArena::add_free(std::uint64_t r, std::uint32_t units, std::uint32_t prev) noexcept {
    write_header(r, units, prev, State::Free);
    push(r, units);
    note_start(r);
}

// Puts a live block of n units `gap` units into the zero space [f, f + avail) (a former free block
// or fresh top). The gap (0 or at least a minimal block) stays free and so does a tail of at least
// a minimal block; a shorter tail joins the live block. Returns the live block's offset.
std::uint64_t RankArena::place(std::uint64_t f, std::uint32_t prev, std::uint32_t avail,
                               std::uint32_t gap, std::uint32_t n) noexcept {
    if (gap != 0) add_free(f, gap, prev);
    const std::uint64_t a = f + bytes_of(gap);
    std::uint32_t rest = avail - gap - n;
    if (rest < kMinUnits) n += std::exchange(rest, 0);
    write_header(a, n, gap != 0 ? gap : prev, State::Live);
    note_start(a);
    if (rest != 0) add_free(a + bytes_of(n), rest, n);
    set_prev(f + bytes_of(avail), rest != 0 ? rest : n);
    set_interior(a, a, a + bytes_of(n), a);
    return a;
}

std::uint64_t RankArena::carve_top(std::uint32_t n, std::uint64_t alignment) noexcept {
    const std::uint64_t t = top_;
    const std::uint64_t gap = gap_for(t, alignment);
    if (gap + n > (capacity_ - t) / kUnit) return 0;
    const std::uint32_t prev = last_ != 0 ? hdr(last_).units : 0;
    top_ = t + bytes_of(static_cast<std::uint32_t>(gap + n));
    last_ = t + bytes_of(static_cast<std::uint32_t>(gap));
    return place(t, prev, static_cast<std::uint32_t>(gap + n), static_cast<std::uint32_t>(gap), n);
}

void* RankArena::allocate(std::size_t size, std::size_t alignment) noexcept {
    alignment = std::max<std::size_t>(alignment, kUnit);
    if ((alignment & (alignment - 1)) != 0 || alignment > kMaxAlignment) return nullptr;
    const std::uint32_t n = units_for(size);
    if (n == 0) return nullptr;
    std::uint64_t gap = 0;
    std::uint64_t a = 0;
    if (const std::uint64_t f = find_fit(n, alignment, gap); f != 0) {
        const BlockHeader b = hdr(f);
        unlink(f, b.units);
        a = place(f, b.prev_units, b.units, static_cast<std::uint32_t>(gap), n);
    } else if ((a = carve_top(n, alignment)) == 0) {
        return nullptr;
    }
    ++live_count_;
    live_bytes_ += bytes_of(hdr(a).units) - kUnit;
    return bytes() + a + kUnit;
}

RankArena::FreeResult RankArena::release(void* p) noexcept {
    if (p == nullptr) return FreeResult::Null;
    if (!owns(p)) return FreeResult::NotABlock;
    const std::uint64_t off = offset_of(p);
    if (off % kUnit != 0 || off < heap_begin_ + kUnit) return FreeResult::NotABlock;
    const std::uint64_t h = off - kUnit;
    if (h >= top_) return FreeResult::DoubleFree; // given back to top after an earlier free
    const State s = state(h);
    if (s == State::Free) return FreeResult::DoubleFree;
    if (s == State::Invalid) {
        const std::uint64_t at = locate(h);
        const bool in_free = at == kInFreeSpace || (at != 0 && state(at) == State::Free);
        return in_free ? FreeResult::DoubleFree : FreeResult::NotABlock;
    }
    const BlockHeader b = hdr(h);
    const std::uint64_t end = h + bytes_of(b.units);
    --live_count_;
    live_bytes_ -= bytes_of(b.units) - kUnit;
    std::memset(bytes() + off, 0, end - off);
    set_interior(h, h, end, 0);
    file_free(h, b.units, b.prev_units);
    return FreeResult::Ok;
}

// [s, s + units) has just become free: its payload is zero, its start is in the page index and
// its pages without a start read 0. Merges it with free neighbours, then gives it back to the top
// or files it in its free list.
void RankArena::file_free(std::uint64_t s, std::uint32_t units, std::uint32_t prev) noexcept {
    std::uint64_t end = s + bytes_of(units);
    if (end < top_ && state(end) == State::Free) {
        const std::uint32_t nu = hdr(end).units;
        unlink(end, nu);
        std::memset(bytes() + end, 0, kUnit);
        drop_start(end, s, false);
        units += nu;
        end += bytes_of(nu);
    }
    const std::uint64_t ps = s - bytes_of(prev);
    if (prev != 0 && state(ps) == State::Free && hdr(ps).units == prev) {
        unlink(ps, prev);
        std::memset(bytes() + s, 0, kUnit);
        drop_start(s, ps, false);
        s = ps;
        units += prev;
        prev = hdr(ps).prev_units;
    }
    if (end == top_) return return_to_top(s, prev);
    write_header(s, units, prev, State::Free);
    push(s, units);
    set_prev(end, units);
}

void RankArena::return_to_top(std::uint64_t s, std::uint32_t prev) noexcept {
    std::memset(bytes() + s, 0, bytes_of(kMinUnits)); // header and links; the rest is zero
    // prev may come from a header the program overwrote: keep last_ inside the heap regardless.
    const std::uint64_t below =
        prev != 0 && bytes_of(prev) <= s - heap_begin_ ? s - bytes_of(prev) : 0;
    // Page of s: the block below is the highest start there, or the live block covering the
    // part below the new top; a page entirely above top reads 0. Later pages are 0 already.
    index()[page_of(s)] = (s % kPageSize != 0) ? static_cast<std::uint32_t>(below / kUnit) : 0;
    top_ = s;
    last_ = below;
}

void* RankArena::reallocate(void* p, std::size_t size) noexcept {
    if (p == nullptr) return allocate(size);
    const std::uint64_t h = live_start(p);
    const std::uint32_t n = units_for(size);
    if (h == 0 || n == 0) return nullptr;
    const BlockHeader b = hdr(h);
    const std::uint64_t end = h + bytes_of(b.units);
    if (n <= b.units) {
        shrink_in_place(h, size, n);
        return p;
    }
    if (end == top_) {
        if (bytes_of(n) <= capacity_ - h) {
            top_ = h + bytes_of(n);
            write_header(h, n, b.prev_units, State::Live);
            set_interior(h, end, top_, h);
            live_bytes_ += bytes_of(n - b.units);
            return p;
        }
    } else if (state(end) == State::Free && std::uint64_t{b.units} + hdr(end).units >= n) {
        grow_into_next(h, n);
        return p;
    }
    void* q = allocate(size);
    if (q == nullptr) return nullptr;
    std::memcpy(q, p, bytes_of(b.units) - kUnit);
    release(p);
    return q;
}

void RankArena::shrink_in_place(std::uint64_t h, std::size_t size, std::uint32_t n) noexcept {
    const BlockHeader b = hdr(h);
    const std::uint64_t end = h + bytes_of(b.units);
    const std::uint64_t keep_to = h + kUnit + size;
    std::memset(bytes() + keep_to, 0, end - keep_to); // bytes past `size` read zero on regrowth
    if (b.units - n < kMinUnits) return;
    write_header(h, n, b.prev_units, State::Live);
    live_bytes_ -= bytes_of(b.units - n);
    const std::uint64_t r = h + bytes_of(n);
    note_start(r);
    set_interior(r, r, end, 0);
    file_free(r, b.units - n, n);
}

void RankArena::grow_into_next(std::uint64_t h, std::uint32_t n) noexcept {
    const BlockHeader b = hdr(h);
    const std::uint64_t nx = h + bytes_of(b.units);
    const std::uint32_t nu = hdr(nx).units;
    const std::uint64_t nend = nx + bytes_of(nu);
    unlink(nx, nu);
    std::memset(bytes() + nx, 0, kUnit); // the absorbed block is zero again
    drop_start(nx, h, true);
    std::uint32_t units = n;
    std::uint32_t rest = b.units + nu - n;
    if (rest < kMinUnits) units += std::exchange(rest, 0);
    write_header(h, units, b.prev_units, State::Live);
    // The free rest follows the live block: that block's size is the rest's `prev`.
    // NOLINTNEXTLINE(readability-suspicious-call-argument)
    if (rest != 0) add_free(h + bytes_of(units), rest, units);
    set_prev(nend, rest != 0 ? rest : units);
    set_interior(h, nx, h + bytes_of(units), h);
    live_bytes_ += bytes_of(units - b.units);
}

} // namespace rankfold::snapshot
