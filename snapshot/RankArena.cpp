// RankArena implementation; the layout and invariants are described in RankArena.hpp.
#include "snapshot/RankArena.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <new>
#include <utility>

namespace rankfold::snapshot {
namespace {

static_assert(sizeof(void*) == 8, "offsets and sizes assume a 64-bit address space");

constexpr std::uint64_t kMagic = 0x31414e4552414652; // "RFARENA1"
constexpr std::uint64_t kLiveKey = 0x6c697665b10c4b1d;
constexpr std::uint64_t kFreeKey = 0x66726565f4ee0b1e;
constexpr std::uint64_t kUnit = 16;    // allocation granule and header size
constexpr std::uint32_t kMinUnits = 2; // header + 16 payload bytes (room for the free links)
constexpr unsigned kPageShift = 12;
constexpr std::uint64_t kPageSize = std::uint64_t{1} << kPageShift;
constexpr unsigned kScanLimit = 8;        // blocks tried per class before going to a larger one
constexpr std::uint64_t kInFreeSpace = 1; // locate(): inside a free block (never a block start)
constexpr std::uint64_t kDeepTopCheck = 1 << 20; // verify(deep): bytes above top checked for 0

constexpr auto page_of = [](std::uint64_t off) { return off >> kPageShift; };
constexpr auto bytes_of = [](std::uint32_t units) { return std::uint64_t{units} * kUnit; };

// Binds a header to its position and size. Not cryptographic: it only has to make garbage,
// interior pointers and headers copied elsewhere fail. prev_units is left out so that a neighbour
// changing size costs a plain store; it is cross-checked against that neighbour before any use.
std::uint64_t mix(std::uint64_t off, std::uint32_t units) {
    const std::uint64_t x = ((off >> 4) ^ (std::uint64_t{units} << 32)) * 0x9e3779b97f4a7c15;
    return x ^ (x >> 29);
}

// Sizes below 32 units: one class each. Above: 8 classes per power of two (max class 247).
unsigned class_of(std::uint32_t units) {
    if (units < 32) return units;
    const unsigned fl = 31 - static_cast<unsigned>(std::countl_zero(units));
    return 32 + (fl - 5) * 8 + ((units >> (fl - 3)) & 7);
}

bool all_zero(const std::byte* p, std::uint64_t n) {
    return std::all_of(p, p + n, [](std::byte b) { return b == std::byte{0}; });
}

} // namespace

static constexpr std::uint64_t kIndexOffset = (sizeof(RankArena) + kUnit - 1) & ~(kUnit - 1);
static std::uint64_t heap_begin_for(std::uint64_t pages) {
    return (kIndexOffset + pages * sizeof(std::uint32_t) + kUnit - 1) & ~(kUnit - 1);
}

std::uint32_t* RankArena::index() noexcept {
    return reinterpret_cast<std::uint32_t*>(bytes() + kIndexOffset);
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
    if (rest != 0) add_free(h + bytes_of(units), rest, units);
    set_prev(nend, rest != 0 ? rest : units);
    set_interior(h, nx, h + bytes_of(units), h);
    live_bytes_ += bytes_of(units - b.units);
}

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
