// PageVector: the list of page references of one region in one snapshot, shared between
// snapshots in chunks of 64 entries. Copying a PageVector copies one pointer per chunk, and
// changing an entry copies only that entry's chunk when another vector still uses it, so taking
// a snapshot costs O(pages / 64 + pages changed) rather than O(pages), and comparing two vectors
// skips every chunk they share.
//
// Each chunk holds one reference (in the PageStore) to each page in it; a chunk is freed, and its
// pages released, when the last vector using it lets go.
//
// The chunk pointers of a region up to 128 pages (a rank's stack, globals, a small heap: most
// regions) are held in the vector itself: a snapshot copies every region's vector, and one heap
// allocation per region per snapshot was the larger part of the explorer's malloc traffic.
#pragma once

#include "snapshot/PageStore.hpp"

#include <boost/container/small_vector.hpp>

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace rankfold::snapshot {

class PageVector {
public:
    static constexpr std::size_t kChunkPages = 64;

    PageVector() = default;
    explicit PageVector(PageStore& store) : store_(&store) {}
    PageVector(const PageVector& other);
    // Moves do not throw: a small_vector of pointers copies inline elements and takes over a
    // heap buffer, and releasing pages allocates nothing the checker could go on without.
    // clang-tidy cannot see through boost's moves.
    // NOLINTNEXTLINE(bugprone-exception-escape)
    PageVector(PageVector&& other) noexcept
        : store_(other.store_), chunks_(std::move(other.chunks_)),
          size_(std::exchange(other.size_, 0)) {
        other.chunks_.clear();
    }
    // NOLINTNEXTLINE(bugprone-exception-escape): as the move constructor
    PageVector& operator=(PageVector&& other) noexcept {
        if (this != &other) {
            clear();
            store_ = other.store_;
            chunks_ = std::move(other.chunks_);
            other.chunks_.clear();
            size_ = std::exchange(other.size_, 0);
        }
        return *this;
    }
    PageVector& operator=(const PageVector& other) {
        PageVector copy(other);
        return *this = std::move(copy);
    }
    ~PageVector() { clear(); }

    std::size_t size() const { return size_; }
    // kNoPage past size() (so two vectors of different sizes compare entry by entry).
    PageRef operator[](std::size_t i) const {
        return i < size_ ? chunks_[i / kChunkPages]->pages[i % kChunkPages] : kNoPage;
    }
    // Stores `adopted` at i (< size()), taking over the caller's reference, and releases the
    // reference held for the previous entry.
    void set(std::size_t i, PageRef adopted);
    // New entries are kNoPage; dropped entries are released.
    void resize(std::size_t n);
    void clear();

    // Whether the two vectors hold the very same chunks (so the same entries): assigning one
    // to the other would change nothing.
    bool same_chunks(const PageVector& other) const {
        return size_ == other.size_ && store_ == other.store_ && chunks_ == other.chunks_;
    }

    // Calls f(i) for every i < max(size(), other.size()) where the entries differ, in ascending
    // order; chunks the two vectors share are skipped without looking at their entries.
    template <class F> void for_each_difference(const PageVector& other, F&& f) const {
        const std::size_t n = size_ > other.size_ ? size_ : other.size_;
        for (std::size_t c = 0; c * kChunkPages < n; ++c) {
            const std::size_t begin = c * kChunkPages;
            const std::size_t end = begin + kChunkPages < n ? begin + kChunkPages : n;
            if (c < chunks_.size() && c < other.chunks_.size() && chunks_[c] == other.chunks_[c] &&
                end <= size_ && end <= other.size_)
                continue;
            for (std::size_t i = begin; i < end; ++i)
                if ((*this)[i] != other[i]) f(i);
        }
    }

    // Bytes of the chunk pointer array (the chunks themselves are shared, and counted in the
    // store's list_bytes).
    std::size_t own_bytes() const {
        // NOLINTNEXTLINE(bugprone-sizeof-expression): the array holds pointers, so sizeof a pointer
        return chunks_.capacity() > kInlineChunks ? chunks_.capacity() * sizeof(Chunk*) : 0;
    }

private:
    struct Chunk {
        std::uint32_t owners;
        PageRef pages[kChunkPages];
    };

    Chunk* new_chunk();
    void drop(Chunk* chunk);
    Chunk* unique_chunk(std::size_t c);

    PageStore* store_ = nullptr;
    static constexpr std::size_t kInlineChunks = 2;
    boost::container::small_vector<Chunk*, kInlineChunks> chunks_;
    std::size_t size_ = 0;
};

} // namespace rankfold::snapshot
