// RankArena: the deterministic private heap of one simulated rank (DESIGN.md §2).
//
// The arena manages one fixed range [base, base + capacity). Every byte of allocator state lives
// inside that range, addressed by offsets from `base`, so restoring the bytes of the range restores
// the allocator, and the same call sequence always yields the same offsets.
//
// Layout of the range:
//
//   [0, sizeof(RankArena))    this object: counters, top, free-list heads and their bitmap
//   16-aligned, next          page index: one uint32 per 4 KiB page of the whole range
//   [heap_begin, top)         blocks, tiling the space without gaps
//   [top, capacity)           never used or given back; always zero, never written
//
// used_extent() == top, so a snapshot always includes the index (capacity / 1024 bytes; its part
// beyond the pages in use stays zero and is never written).
//
// A block is a 16-byte header followed by its payload (payloads are 16-byte aligned):
//
//   uint32 units       block size in 16-byte units, header included (minimum 2)
//   uint32 prev_units  size of the block just below (0 for the first): boundary tag for merging
//   uint64 check       hash(offset, units) ^ (LIVE or FREE key)
//
// Because `check` hashes the block's own offset, an interior pointer, a stale header or random
// data is not taken for a block start. A free block keeps {uint32 next, uint32 prev} (offsets in
// units) at the start of its payload for its free list; every other free byte is zero.
//
// Invariants: adjacent free blocks are always merged; the block below `top` is live (a free block
// that reaches `top` is handed back to it); free memory is zero except free headers and links; live
// blocks were zero when handed out.
//
// Free lists are segregated by size class: sizes below 32 units have one class each, larger sizes
// use 8 classes per power of two. A bitmap of non-empty classes finds a fitting class in O(1).
//
// Page index entry for page i (an offset in units, 0 meaning "none"):
//   - page i holds block starts below top:          the highest of them;
//   - else page i lies inside a live block:         the start of that block;
//   - else (inside a free block, or above top):     0.
// The index is a function of the block layout alone, so equal layouts give equal bytes. Finding the
// block of an address reads one entry and walks back at most the blocks starting in one page.
//
// Limits: capacity up to kMaxCapacity (64 GiB; a larger range is used only up to that), alignment
// up to kMaxAlignment. Alignment is of the absolute address, so arenas at different bases give
// the same offsets only for alignments their bases share (any base from mmap: up to 4096).
// Not thread-safe (ranks are fibers).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace rankfold::snapshot {

class RankArena {
public:
    static constexpr std::size_t kMaxCapacity = (std::size_t{1} << 36) - 4096;
    static constexpr std::size_t kMaxAlignment = std::size_t{1} << 30;

    // Formats a new arena at the start of [base, base+capacity). The range is writable and all
    // zero. Returns nullptr when base is not 16-byte aligned or the range cannot hold one block.
    static RankArena* create(void* base, std::size_t capacity) noexcept;
    // Re-interprets an already formatted range (e.g. after its bytes were restored). Returns
    // nullptr if the magic or the basic geometry is wrong.
    static RankArena* attach(void* base) noexcept;

    RankArena(const RankArena&) = delete;
    RankArena& operator=(const RankArena&) = delete;

    // Zero-filled block of at least `size` bytes whose address is a multiple of `alignment` (a
    // power of two; below 16 means 16). nullptr when out of space or alignment is invalid.
    void* allocate(std::size_t size, std::size_t alignment = 16) noexcept;

    // DoubleFree: p points at free memory where a block could start (16-byte aligned): either a
    // free block's own start or, since merging erases the boundary of a block freed earlier, any
    // aligned address inside a free block or above top. NotABlock: any other non-block address.
    enum class FreeResult { Ok, Null, NotABlock, DoubleFree };
    FreeResult release(void* p) noexcept;

    // realloc semantics: grows in place into a free next block or the top, else moves. nullptr
    // when out of space (the old block is untouched) or when p is not a live block start. Bytes
    // past the old contents read zero: shrinking zeroes everything past the new `size`.
    void* reallocate(void* p, std::size_t size) noexcept;

    std::size_t usable_size(const void* p) const noexcept; // of a live block start; 0 otherwise
    bool owns(const void* p) const noexcept;               // p inside [base, base+capacity)

    struct Block {
        void* address;
        std::size_t size; // usable size
    };
    // The live block whose payload contains p (interior pointers too), else nullopt.
    std::optional<Block> block_containing(const void* p) const noexcept;
    // Calls f(Block) for each live block in address order; f must not modify the arena.
    template <class F> void for_each_live_block(F&& f) const;

    std::size_t live_block_count() const noexcept { return live_count_; }
    std::size_t live_bytes() const noexcept { return live_bytes_; } // sum of usable sizes
    // Bytes from base to the top of the used part, header and page index included.
    std::size_t used_extent() const noexcept { return top_; }
    // Where the blocks start (page-aligned): below are this object and the page index.
    std::size_t heap_begin() const noexcept { return heap_begin_; }
    // Bytes from base to the end of the index entries that can be non-zero (pages below top).
    std::size_t index_extent() const noexcept;
    std::size_t capacity() const noexcept { return capacity_; }

    // Full consistency check: tiling, tags, merging, free lists, page index and counters; with
    // `deep` also that free memory is zero. O(heap); for tests and debugging.
    bool verify(bool deep = false) const noexcept;

private:
    static constexpr unsigned kClasses = 256;

    enum class State { Invalid, Live, Free };
    struct BlockHeader {
        std::uint32_t units;
        std::uint32_t prev_units;
        std::uint64_t check;
    };
    struct FreeLinks {
        std::uint32_t next;
        std::uint32_t prev;
    };

    // cppcheck-suppress uninitMemberVarPrivate ; on purpose: create() lays the object out
    RankArena() = default; // trivial: the object is made of the range's bytes

    std::byte* bytes() noexcept { return reinterpret_cast<std::byte*>(this); }
    const std::byte* bytes() const noexcept { return reinterpret_cast<const std::byte*>(this); }
    BlockHeader& hdr(std::uint64_t off) noexcept {
        return *reinterpret_cast<BlockHeader*>(bytes() + off);
    }
    const BlockHeader& hdr(std::uint64_t off) const noexcept {
        return *reinterpret_cast<const BlockHeader*>(bytes() + off);
    }
    FreeLinks& links(std::uint64_t off) noexcept {
        return *reinterpret_cast<FreeLinks*>(bytes() + off + sizeof(BlockHeader));
    }
    const FreeLinks& links(std::uint64_t off) const noexcept {
        return *reinterpret_cast<const FreeLinks*>(bytes() + off + sizeof(BlockHeader));
    }
    std::uint64_t offset_of(const void* p) const noexcept {
        return static_cast<std::uint64_t>(static_cast<const std::byte*>(p) - bytes());
    }
    std::uint64_t live_start(const void* p) const noexcept;
    std::uint32_t* index() noexcept;
    const std::uint32_t* index() const noexcept;

    State state(std::uint64_t off) const noexcept;
    void write_header(std::uint64_t off, std::uint32_t units, std::uint32_t prev, State s) noexcept;
    void set_prev(std::uint64_t off, std::uint32_t prev_units) noexcept;
    std::uint32_t units_for(std::size_t size) const noexcept;
    std::uint64_t gap_for(std::uint64_t off, std::uint64_t alignment) const noexcept;

    int next_class(unsigned c) const noexcept;
    void push(std::uint64_t off, std::uint32_t units) noexcept;
    void unlink(std::uint64_t off, std::uint32_t units) noexcept;
    std::uint64_t find_fit(std::uint32_t n, std::uint64_t alignment,
                           std::uint64_t& gap) const noexcept;
    void add_free(std::uint64_t r, std::uint32_t units, std::uint32_t prev) noexcept;
    std::uint64_t place(std::uint64_t f, std::uint32_t prev, std::uint32_t avail, std::uint32_t gap,
                        std::uint32_t n) noexcept;
    std::uint64_t carve_top(std::uint32_t n, std::uint64_t alignment) noexcept;
    void file_free(std::uint64_t s, std::uint32_t units, std::uint32_t prev_units) noexcept;
    void return_to_top(std::uint64_t s, std::uint32_t prev_units) noexcept;
    void shrink_in_place(std::uint64_t h, std::size_t size, std::uint32_t n) noexcept;
    void grow_into_next(std::uint64_t h, std::uint32_t n) noexcept;

    void note_start(std::uint64_t s) noexcept;
    void drop_start(std::uint64_t d, std::uint64_t pred, bool merged_live) noexcept;
    void set_interior(std::uint64_t s, std::uint64_t from, std::uint64_t end,
                      std::uint64_t value) noexcept;
    std::uint64_t interior_stop(std::uint64_t end) const noexcept;
    std::uint64_t locate(std::uint64_t off) const noexcept;

    std::uint64_t magic_;
    std::uint64_t capacity_;    // bytes managed (the given capacity, clamped, multiple of 16)
    std::uint64_t index_pages_; // entries in the page index
    std::uint64_t heap_begin_;  // offset of the first block
    std::uint64_t top_;         // end of the last block
    std::uint64_t last_;        // offset of the last block (always live); 0 when empty
    std::uint64_t live_count_;
    std::uint64_t live_bytes_;
    std::uint64_t nonempty_[kClasses / 64]; // bit c: free list c is not empty
    std::uint32_t heads_[kClasses];         // free-list heads, offsets in units (0 = empty)
};

template <class F> void RankArena::for_each_live_block(F&& f) const {
    for (std::uint64_t off = heap_begin_; off < top_;) {
        const State s = state(off);
        if (s == State::Invalid) return; // corrupted header: stop rather than walk garbage
        const std::uint64_t size = std::uint64_t{hdr(off).units} * 16;
        if (s == State::Live)
            f(Block{const_cast<std::byte*>(bytes()) + off + sizeof(BlockHeader), size - 16});
        off += size;
    }
}

} // namespace rankfold::snapshot
