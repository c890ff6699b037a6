#include "mc/runtime/HeapCanonicalForm.hpp"

#include <algorithm>
#include <cstring>

namespace rankfold::mc {

void HeapCanonicalForm::reset(const snapshot::RankArena* arena, std::vector<Range> ignored) {
    blocks_.clear();
    order_.clear();
    refeed_.clear();
    std::sort(ignored.begin(), ignored.end(),
              [](const Range& a, const Range& b) { return a.begin < b.begin; });
    ignored_.clear();
    for (const Range& r : ignored) // merged: feed() walks them once
        if (!ignored_.empty() && r.begin <= ignored_.back().end)
            ignored_.back().end = std::max(ignored_.back().end, r.end);
        else
            ignored_.push_back(r);
    if (arena != nullptr)
        arena->for_each_live_block([this](snapshot::RankArena::Block b) {
            const auto begin = reinterpret_cast<std::uintptr_t>(b.address);
            blocks_.push_back({begin, begin + b.size, nullptr, false, false});
        });
    numbers_.assign(blocks_.size(), 0);
    low_ = blocks_.empty() ? 1 : blocks_.front().begin;
    high_ = blocks_.empty() ? 0 : blocks_.back().end;
}

long HeapCanonicalForm::block_of(std::uint64_t value) const {
    if (value < low_ || value > high_) return -1;
    // The last block starting at or below value.
    auto it = std::upper_bound(blocks_.begin(), blocks_.end(), value,
                               [](std::uint64_t v, const Block& b) { return v < b.begin; });
    if (it == blocks_.begin()) return -1;
    --it;
    return value <= it->end ? static_cast<long>(it - blocks_.begin()) : -1;
}

void HeapCanonicalForm::feed_pointer(snapshot::FingerprintBuilder& out, std::size_t block,
                                     std::uint64_t value, std::uint64_t tag,
                                     const dwarf::Layout* claim_as) {
    if (numbers_[block] == 0) {
        order_.push_back(block);
        numbers_[block] = static_cast<std::uint32_t>(order_.size());
    }
    claim(block, value, claim_as);
    out.value(tag);
    out.value(std::uint64_t{numbers_[block]});
    out.value(value - blocks_[block].begin);
}

void HeapCanonicalForm::feed_word(snapshot::FingerprintBuilder& out, std::uint64_t value) {
    if (const long b = block_of(value); b >= 0) {
        feed_pointer(out, static_cast<std::size_t>(b), value);
        return;
    }
    out.value(std::uint64_t{sizeof value});
    out.value(value);
}

void HeapCanonicalForm::set_pages(PageDigests digests, ContentDigest content, Range reservation,
                                  int rank) {
    digests_ = std::move(digests);
    content_ = std::move(content);
    reservation_ = reservation;
    rank_salt_ = (static_cast<std::uint64_t>(rank) + 1) * 0x9e3779b97f4a7c15;
}

bool HeapCanonicalForm::pointer_free(std::uintptr_t page, const snapshot::Fingerprint& digest) {
    const snapshot::Fingerprint key{digest.low ^ rank_salt_, digest.high};
    if (auto it = pointer_free_.find(key); it != pointer_free_.end()) return it->second;
    bool free = true;
    for (std::uintptr_t w = page; w < page + kPage && free; w += 8) {
        std::uint64_t v = 0;
        std::memcpy(&v, reinterpret_cast<const void*>(w), sizeof v);
        free = v < reservation_.begin || v >= reservation_.end;
    }
    pointer_free_.emplace(key, free);
    return free;
}

std::optional<snapshot::Fingerprint> HeapCanonicalForm::scanned_chunk(std::uintptr_t at) const {
    for (std::uintptr_t w = (at + 7) & ~std::uintptr_t{7}; w + 8 <= at + kPage; w += 8) {
        std::uint64_t v = 0;
        std::memcpy(&v, reinterpret_cast<const void*>(w), sizeof v);
        if (v >= reservation_.begin && v < reservation_.end) return std::nullopt;
    }
    return content_(at);
}

std::optional<snapshot::Fingerprint> HeapCanonicalForm::pointer_free_chunk(std::uintptr_t at) {
    const std::uintptr_t page = at & ~(kPage - 1);
    const snapshot::Fingerprint* first = digests_(page);
    if (at == page && first != nullptr)
        return pointer_free(page, *first) ? std::optional(*first) : std::nullopt;
    const snapshot::Fingerprint* second = first != nullptr ? digests_(page + kPage) : nullptr;
    if (second == nullptr) return scanned_chunk(at); // not pages of the snapshot: read it
    snapshot::FingerprintBuilder key;
    key.fingerprint(*first);
    key.fingerprint(*second);
    key.value(std::uint64_t{at - page});
    key.value(rank_salt_);
    constexpr std::size_t kMaxChunks = std::size_t{1} << 18;
    if (chunks_.size() >= kMaxChunks) chunks_.clear();
    auto [it, fresh] = chunks_.try_emplace(key.digest());
    if (fresh)
        it->second = pointer_free(page, *first) && pointer_free(page + kPage, *second)
                         ? std::optional(content_(at))
                         : scanned_chunk(at);
    return it->second;
}

// [at, end), no ignored byte inside: 4 KiB chunks from `at` that hold no pointer by their
// content digest, the rest word by word. Chunks count from the stretch's start, not from page
// boundaries: equal contents at other offsets within their pages feed the same.
void HeapCanonicalForm::feed_kept(snapshot::FingerprintBuilder& out, std::uintptr_t at,
                                  std::uintptr_t end, Words words) {
    if (!digests_ || !content_) {
        feed_words(out, at, end, words);
        return;
    }
    std::uintptr_t from = at;
    for (std::uintptr_t chunk = at; chunk + kPage <= end; chunk += kPage) {
        const std::optional<snapshot::Fingerprint> digest = pointer_free_chunk(chunk);
        if (!digest) continue;
        feed_words(out, from, chunk, words);
        out.value(kPageTag);
        out.fingerprint(*digest);
        from = chunk + kPage;
    }
    feed_words(out, from, end, words);
}

// Plain runs between the pointers of [at, end). Words::Values: a word into a live block stays
// in the run as its value and is followed after it, as reached by a value.
void HeapCanonicalForm::feed_words(snapshot::FingerprintBuilder& out, std::uintptr_t at,
                                   std::uintptr_t end, Words words) {
    std::uintptr_t run = at;
    const auto flush = [&](std::uintptr_t until) {
        if (until <= run) return;
        out.value(std::uint64_t{until - run});
        out.bytes(reinterpret_cast<const void*>(run), until - run);
    };
    if (!blocks_.empty())
        for (std::uintptr_t w = (at + 7) & ~std::uintptr_t{7}; w + 8 <= end; w += 8) {
            std::uint64_t v = 0;
            std::memcpy(&v, reinterpret_cast<const void*>(w), sizeof v);
            if (v < low_ || v > high_) continue;
            const long b = block_of(v);
            if (b < 0) continue;
            if (words == Words::Values) {
                flush(w + 8);
                feed_pointer(out, static_cast<std::size_t>(b), v, kValueReachTag);
            } else {
                flush(w);
                feed_pointer(out, static_cast<std::size_t>(b), v);
            }
            run = w + 8;
        }
    flush(end);
}

void HeapCanonicalForm::feed(snapshot::FingerprintBuilder& out, std::uintptr_t at,
                             std::size_t size) {
    feed_mode(out, at, size, Words::Pointers);
}

void HeapCanonicalForm::feed_mode(snapshot::FingerprintBuilder& out, std::uintptr_t at,
                                  std::size_t size, Words words) {
    const std::uintptr_t end = at + size;
    // The first ignored range that ends after `at`.
    auto it = std::upper_bound(ignored_.begin(), ignored_.end(), at,
                               [](std::uintptr_t a, const Range& r) { return a < r.end; });
    std::uintptr_t from = at;
    for (; it != ignored_.end() && it->begin < end; ++it) {
        if (it->begin > from) feed_kept(out, from, it->begin, words);
        from = std::max(from, it->end);
    }
    if (from < end) feed_kept(out, from, end, words);
}

} // namespace rankfold::mc
