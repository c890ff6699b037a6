// The heap canonical form of one rank (issue 12, semantic state equality): what a state's
// memory is for the program up to where its heap blocks lie. Memory is fed word by word;
// an 8-byte aligned word whose value points into a live block of the rank's arena (its
// payload, or one past its end) is fed as (block number, offset) instead of its value, and
// blocks are numbered in the order the roots and then the blocks reach them. The roots are
// fed first (globals, the live frames, the buffers of pending requests), then feed_blocks()
// feeds each reached block in number order, which may reach more. Blocks never reached are
// garbage: left out. So two states whose heaps hold the same graph of blocks allocated in
// another order, or at other places, feed the same bytes.
//
// Typed walk: memory whose DWARF type is known is fed by its layout (feed_typed,
// dwarf::PointerLayouts): padding left out, a pointer-typed field as a pointer, an integer as
// its bytes even when it equals a heap address (a block it points into is still walked, marked
// as reached by a value: a pointer kept in an integer keeps its block in the state). A pointer
// of type T* to the start of a block claims the block for T: fed as an array of T
// (dwarf::elementsInBlock) when every claim agrees, else untyped; a block already fed as T
// when a disagreeing claim comes is fed again, untyped, at the end. Untyped memory (a block
// reached through void*, char* or an untyped block, or claimed by no one) keeps the first rule:
// every aligned word that points into a live block is taken for a pointer (an integer equal to
// such an address too: the approximation accepted, README "State equality").
//
// The stream is unambiguous: a run of plain bytes is fed as its length then the bytes, a
// pointer as kPointerTag (never a length) then its number and offset.
//
// Cheap summary: a stretch of memory fed is cut into 4 KiB chunks from its own start (not at
// page boundaries, so that a large block fed from another offset within its pages feeds the
// same stream); a chunk that holds no word pointing into the rank's heap reservation is fed as
// kPageTag and its content digest (the page store's digest of those 4 KiB), not word by word.
// Whether a chunk holds such a word and its digest are properties of its content alone: a
// chunk that is a page of the snapshot just taken reuses the page's digest, and one across two
// such pages is remembered by theirs (and its offset), so a chunk seen before costs a lookup;
// others are read. What is fed never depends on what was seen before or where the stretch
// lies in its pages, so equal memories feed equal streams.
#pragma once

#include "dwarf-introspect/PointerLayout.hpp"
#include "snapshot/Fingerprint.hpp"
#include "snapshot/RankArena.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

namespace rankfold::mc {

class HeapCanonicalForm {
public:
    struct Range {
        std::uintptr_t begin, end;
    };
    // Starts a rank: its live blocks (none when `arena` is null) and the ranges left out of
    // the state (rankfold_ignore).
    void reset(const snapshot::RankArena* arena, std::vector<Range> ignored);
    // The content digest of the 4 KiB page at `page` (aligned), or null when not known.
    using PageDigests = std::function<const snapshot::Fingerprint*(std::uintptr_t page)>;
    // The same digest of the 4 KiB at any address (PageStore::digest_of).
    using ContentDigest = std::function<snapshot::Fingerprint(std::uintptr_t at)>;
    // `reservation`: every address the rank's heap can ever hand out (chunks holding no word
    // inside it are fed by digest); `rank` keeps the chunks' facts of ranks apart.
    void set_pages(PageDigests digests, ContentDigest content, Range reservation, int rank);

    // [at, at + size) with pointers into live blocks replaced; ignored bytes left out.
    void feed(snapshot::FingerprintBuilder& out, std::uintptr_t at, std::size_t size);
    // A value of `layout` at `at` (layout.known), fed by its pieces.
    void feed_typed(snapshot::FingerprintBuilder& out, std::uintptr_t at,
                    const dwarf::Layout& layout);
    // A value held outside memory (a callee-saved register, a request's buffer address).
    void feed_word(snapshot::FingerprintBuilder& out, std::uint64_t value);
    // Every reached block in number order: its size, then its bytes as feed() feeds them.
    void feed_blocks(snapshot::FingerprintBuilder& out);

    std::size_t live_blocks() const { return blocks_.size(); }
    std::size_t reached() const { return order_.size(); }

    static constexpr std::uint64_t kPointerTag = 0xb10c'0000'0000'0001;
    static constexpr std::uint64_t kBlockTag = 0xb10c'0000'0000'0002;
    static constexpr std::uint64_t kPageTag = 0xb10c'0000'0000'0003;
    static constexpr std::uint64_t kValueReachTag = 0xb10c'0000'0000'0004;
    static constexpr std::uint64_t kTypedBlockTag = 0xb10c'0000'0000'0005;
    static constexpr std::uint64_t kRefedTag = 0xb10c'0000'0000'0006;

private:
    struct Block {
        std::uintptr_t begin, end;           // payload
        const dwarf::Layout* type = nullptr; // claimed by typed pointers to its start
        bool conflict = false;               // claims disagreed: untyped
        bool fed = false;
    };
    enum class Words { Pointers, Values }; // how aligned words into live blocks are fed
    static constexpr std::uintptr_t kPage = 4096;
    std::vector<Block> blocks_;          // sorted by address
    std::vector<std::uint32_t> numbers_; // per block: 0 not reached, else its number
    std::vector<std::size_t> order_;     // block indices in number order
    std::vector<std::size_t> refeed_;    // fed typed, then claimed otherwise
    std::vector<Range> ignored_;
    std::uintptr_t low_ = 0, high_ = 0; // [low_, high_]: where a pointer into a block can point

    // The index of the block `value` points into (one past its end included), or -1.
    long block_of(std::uint64_t value) const;
    void feed_pointer(snapshot::FingerprintBuilder& out, std::size_t block, std::uint64_t value,
                      std::uint64_t tag = kPointerTag, const dwarf::Layout* claim = nullptr);
    void claim(std::size_t block, std::uint64_t value, const dwarf::Layout* type);
    void feed_block(snapshot::FingerprintBuilder& out, std::size_t index);
    bool touches_ignored(std::uintptr_t at, std::size_t size) const;
    // A block of `n` plain values of `size` bytes (at most a word), fed as feed_typed feeds
    // each: their bytes, and a word-aligned 8-byte value that points into a live block as
    // reached by a value.
    void feed_plain_values(snapshot::FingerprintBuilder& out, std::uintptr_t at, std::uint64_t n,
                           std::uint64_t size);
    void feed_mode(snapshot::FingerprintBuilder& out, std::uintptr_t at, std::size_t size,
                   Words words);
    void feed_kept(snapshot::FingerprintBuilder& out, std::uintptr_t at, std::uintptr_t end,
                   Words words);
    void feed_words(snapshot::FingerprintBuilder& out, std::uintptr_t at, std::uintptr_t end,
                    Words words);
    bool pointer_free(std::uintptr_t page, const snapshot::Fingerprint& digest);
    // The content digest of the chunk [at, at + 4 KiB) if it holds no word in the reservation.
    std::optional<snapshot::Fingerprint> pointer_free_chunk(std::uintptr_t at);
    std::optional<snapshot::Fingerprint> scanned_chunk(std::uintptr_t at) const;
    PageDigests digests_;
    ContentDigest content_;
    // Per chunk across two known pages (their digests, its offset, the rank): pointer_free_chunk.
    std::unordered_map<snapshot::Fingerprint, std::optional<snapshot::Fingerprint>,
                       snapshot::FingerprintHash>
        chunks_;
    Range reservation_{0, 0};
    std::uint64_t rank_salt_ = 0;
    // Per page digest (salted with the rank): whether it holds no word inside the reservation.
    std::unordered_map<snapshot::Fingerprint, bool, snapshot::FingerprintHash> pointer_free_;
};

} // namespace rankfold::mc
