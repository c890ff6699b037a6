#include "snapshot/PageVector.hpp"

#include <algorithm>

namespace rankfold::snapshot {

PageVector::PageVector(const PageVector& other)
    : store_(other.store_), chunks_(other.chunks_), size_(other.size_) {
    for (Chunk* chunk : chunks_) ++chunk->owners;
}

PageVector::Chunk* PageVector::new_chunk() {
    auto* chunk = new Chunk;
    chunk->owners = 1;
    std::fill(std::begin(chunk->pages), std::end(chunk->pages), kNoPage);
    store_->account_list_bytes(static_cast<std::ptrdiff_t>(sizeof(Chunk)));
    return chunk;
}

void PageVector::drop(Chunk* chunk) {
    if (--chunk->owners != 0) return;
    for (PageRef ref : chunk->pages)
        if (ref != kNoPage) store_->release(ref);
    delete chunk;
    store_->account_list_bytes(-static_cast<std::ptrdiff_t>(sizeof(Chunk)));
}

// Copy-on-write: a chunk another vector still uses is duplicated (one more reference to each of
// its pages) before it is changed.
PageVector::Chunk* PageVector::unique_chunk(std::size_t c) {
    Chunk* chunk = chunks_[c];
    if (chunk->owners == 1) return chunk;
    Chunk* copy = new_chunk();
    std::copy(std::begin(chunk->pages), std::end(chunk->pages), copy->pages);
    for (PageRef ref : copy->pages)
        if (ref != kNoPage) store_->retain(ref);
    --chunk->owners;
    chunks_[c] = copy;
    return copy;
}

void PageVector::set(std::size_t i, PageRef adopted) {
    Chunk* chunk = unique_chunk(i / kChunkPages);
    PageRef& slot = chunk->pages[i % kChunkPages];
    if (slot != kNoPage) store_->release(slot);
    slot = adopted;
}

void PageVector::resize(std::size_t n) {
    const std::size_t chunks = (n + kChunkPages - 1) / kChunkPages;
    if (n < size_) {
        for (std::size_t c = chunks; c < chunks_.size(); ++c) drop(chunks_[c]);
        chunks_.resize(chunks);
        // Entries past the end must read kNoPage for every owner of the last chunk.
        if (n % kChunkPages != 0) {
            Chunk* last = unique_chunk(chunks - 1);
            for (std::size_t j = n % kChunkPages; j < kChunkPages; ++j) {
                if (last->pages[j] != kNoPage) store_->release(last->pages[j]);
                last->pages[j] = kNoPage;
            }
        }
    } else {
        while (chunks_.size() < chunks) chunks_.push_back(new_chunk());
    }
    size_ = n;
}

void PageVector::clear() {
    for (Chunk* chunk : chunks_) drop(chunk);
    chunks_.clear();
    size_ = 0;
}

} // namespace rankfold::snapshot
