#include "snapshot/PageStore.hpp"

#include <xxhash.h>
#if defined(__x86_64__) && __has_include(<xxh_x86dispatch.h>)
#define XXH_DISPATCH_DISABLE_REPLACE 1
#include <xxh_x86dispatch.h>
#define RF_XXH3_PAGE XXH3_128bits_dispatch // picks AVX2/AVX-512 at run time: 3x SSE2 here
#else
#define RF_XXH3_PAGE XXH3_128bits
#endif
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <cstring>

namespace rankfold::snapshot {

namespace {

alignas(kPageSize) const std::byte g_zero_page[kPageSize] = {};

} // namespace

// A new page copy is not read again soon (restores read it much later, if ever): streaming
// stores skip reading the destination's cache lines first, the larger part of the copy's cost.
void PageStore::copy_page(std::byte* dst, const std::byte* src) {
#if defined(__SSE2__)
    auto* d = reinterpret_cast<__m128i*>(dst);
    const auto* s = reinterpret_cast<const __m128i*>(src);
    for (std::size_t i = 0; i < kPageSize / sizeof(__m128i); i += 4) {
        const __m128i a = _mm_loadu_si128(s + i), b = _mm_loadu_si128(s + i + 1);
        const __m128i c = _mm_loadu_si128(s + i + 2), e = _mm_loadu_si128(s + i + 3);
        _mm_stream_si128(d + i, a);
        _mm_stream_si128(d + i + 1, b);
        _mm_stream_si128(d + i + 2, c);
        _mm_stream_si128(d + i + 3, e);
    }
    _mm_sfence();
#else
    std::memcpy(dst, src, kPageSize);
#endif
}

const std::byte* PageStore::zero_page() {
    return g_zero_page;
}

Fingerprint PageStore::xxh3_digest(const std::byte* page) {
    const XXH128_hash_t h = RF_XXH3_PAGE(page, kPageSize);
    return {h.low64, h.high64};
}

PageStore::PageStore(Options options)
    : sharing_(options.sharing), digest_fn_(options.digest ? options.digest : &xxh3_digest),
      zero_digest_(digest_fn_(g_zero_page)), refs_(1, 0), digests_(1, zero_digest_),
      table_(sharing_ ? 1024 : 0) {}

PageRef PageStore::store(const std::byte* page) {
    const Fingerprint digest = digest_fn_(page);
    if (sharing_) {
        if (digest == zero_digest_ && std::memcmp(page, g_zero_page, kPageSize) == 0)
            return kZeroPage;
        // A digest hit is only a candidate: the bytes decide.
        const PageRef found = table_.find(digest.low, [&](PageRef candidate) {
            return std::memcmp(slabs_.address(candidate), page, kPageSize) == 0;
        });
        if (found != kNoPage) {
            ++refs_[found];
            ++references_;
            return found;
        }
    }
    const PageRef ref = slabs_.allocate();
    if (slabs_.handle_limit() > refs_.size()) {
        refs_.resize(slabs_.handle_limit());
        digests_.resize(slabs_.handle_limit());
    }
    copy_page(slabs_.address(ref), page);
    refs_[ref] = 1;
    digests_[ref] = digest;
    ++distinct_;
    ++references_;
    if (sharing_) table_.insert(digest.low, ref);
    return ref;
}

PageStore::Stats PageStore::stats() const {
    Stats s;
    s.distinct_pages = distinct_;
    s.references = references_;
    s.page_bytes = distinct_ * kPageSize;
    s.slab_bytes = slabs_.mapped_bytes();
    s.index_bytes = table_.bytes() + refs_.capacity() * sizeof(std::uint32_t) +
                    digests_.capacity() * sizeof(Fingerprint) + slabs_.record_bytes();
    s.list_bytes = list_bytes_;
    return s;
}

void PageStore::free_page(PageRef ref) {
    if (sharing_) table_.erase(digests_[ref].low, ref);
    --distinct_;
    slabs_.free(ref);
}

} // namespace rankfold::snapshot
