#include "snapshot/PageStore.hpp"

#include <sys/mman.h>
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

#include <algorithm>
#include <bit>
#include <cstring>
#include <new>

namespace rankfold::snapshot {

namespace {

constexpr std::size_t kSlabBytes = std::size_t{512} * kPageSize;
constexpr std::size_t kInitialBuckets = 1024;

alignas(kPageSize) const std::byte g_zero_page[kPageSize] = {};

// A 2 MiB-aligned slab can be backed by one transparent huge page: one fault instead of 512
// when it is first filled, and fewer TLB misses when restoring from it.
std::byte* map_aligned_slab() {
    void* raw =
        mmap(nullptr, 2 * kSlabBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    auto* p = static_cast<std::byte*>(raw);
    const auto addr = reinterpret_cast<std::uintptr_t>(p);
    const std::size_t head = (kSlabBytes - addr % kSlabBytes) % kSlabBytes;
    if (head != 0) munmap(p, head);
    munmap(p + head + kSlabBytes, kSlabBytes - head);
    p += head;
    madvise(p, kSlabBytes, MADV_HUGEPAGE);
    // cppcheck-suppress deallocret ; only the unaligned head and tail were unmapped
    return p;
}

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
      zero_digest_(digest_fn_(g_zero_page)), refs_(1, 0), digests_(1, zero_digest_) {
    if (sharing_) table_.assign(kInitialBuckets, Bucket{0, kZeroPage});
}

PageStore::~PageStore() {
    for (const Slab& slab : slabs_)
        if (slab.memory != nullptr) munmap(slab.memory, kSlabBytes);
}

PageRef PageStore::store(const std::byte* page) {
    const Fingerprint digest = digest_fn_(page);
    if (sharing_) {
        if (digest == zero_digest_ && std::memcmp(page, g_zero_page, kPageSize) == 0)
            return kZeroPage;
        if (const PageRef found = find(digest.low, page); found != kNoPage) {
            ++refs_[found];
            ++references_;
            return found;
        }
    }
    const PageRef ref = allocate_slot();
    copy_page(const_cast<std::byte*>(data(ref)), page);
    refs_[ref] = 1;
    digests_[ref] = digest;
    ++distinct_;
    ++references_;
    if (sharing_) insert(digest.low, ref);
    return ref;
}

PageStore::Stats PageStore::stats() const {
    Stats s;
    s.distinct_pages = distinct_;
    s.references = references_;
    s.page_bytes = distinct_ * kPageSize;
    for (const Slab& slab : slabs_) s.slab_bytes += slab.memory != nullptr ? kSlabBytes : 0;
    s.index_bytes = table_.capacity() * sizeof(Bucket) + refs_.capacity() * sizeof(std::uint32_t) +
                    digests_.capacity() * sizeof(Fingerprint) + slabs_.capacity() * sizeof(Slab);
    s.list_bytes = list_bytes_;
    return s;
}

PageRef PageStore::allocate_slot() {
    while (!partial_.empty()) {
        const std::uint32_t index = partial_.back();
        Slab& slab = slabs_[index];
        if (slab.memory != nullptr && slab.live < kSlabPages) break;
        slab.in_partial = false;
        partial_.pop_back();
    }
    if (partial_.empty()) {
        std::uint32_t index;
        if (!unused_ids_.empty()) {
            index = unused_ids_.back();
            unused_ids_.pop_back();
        } else {
            index = static_cast<std::uint32_t>(slabs_.size());
            if (refs_.size() + kSlabPages > kNoPage) throw std::bad_alloc();
            slabs_.emplace_back();
            refs_.resize(refs_.size() + kSlabPages);
            digests_.resize(digests_.size() + kSlabPages);
        }
        map_slab(index);
    }
    const std::uint32_t index = partial_.back();
    Slab& slab = slabs_[index];
    std::uint32_t word = 0;
    while (slab.free_bits[word] == 0) ++word;
    const auto bit = static_cast<std::uint32_t>(std::countr_zero(slab.free_bits[word]));
    slab.free_bits[word] &= slab.free_bits[word] - 1;
    if (slab.live++ == 0) --empty_slabs_;
    if (slab.live == kSlabPages) {
        slab.in_partial = false;
        partial_.pop_back();
    }
    return index * kSlabPages + word * 64 + bit + 1;
}

void PageStore::free_page(PageRef ref) {
    if (sharing_) erase(digests_[ref].low, ref);
    --distinct_;
    const std::uint32_t slot = ref - 1;
    const std::uint32_t index = slot / kSlabPages;
    Slab& slab = slabs_[index];
    slab.free_bits[(slot % kSlabPages) / 64] |= std::uint64_t{1} << (slot % 64);
    if (!slab.in_partial) {
        slab.in_partial = true;
        partial_.push_back(index);
    }
    if (--slab.live == 0) {
        // Keep a few empty slabs (1/16 of those mapped): memory the kernel has zeroed and mapped
        // once is expensive to get back, and a search releases and takes pages all the time.
        const std::size_t mapped = slabs_.size() - unused_ids_.size();
        if (empty_slabs_ >= std::max<std::size_t>(1, mapped / 16)) {
            unmap_slab(index);
        } else {
            ++empty_slabs_;
        }
    }
}

void PageStore::map_slab(std::uint32_t index) {
    Slab& slab = slabs_[index];
    slab.memory = map_aligned_slab();
    slab.live = 0;
    std::fill(std::begin(slab.free_bits), std::end(slab.free_bits), ~std::uint64_t{0});
    slab.in_partial = true;
    partial_.push_back(index);
    ++empty_slabs_;
}

void PageStore::unmap_slab(std::uint32_t index) {
    Slab& slab = slabs_[index];
    munmap(slab.memory, kSlabBytes);
    slab.memory = nullptr;
    if (slab.in_partial) {
        partial_.erase(std::find(partial_.begin(), partial_.end(), index));
        slab.in_partial = false;
    }
    unused_ids_.push_back(index);
}

PageRef PageStore::find(std::uint64_t digest, const std::byte* page) const {
    const std::size_t mask = table_.size() - 1;
    for (std::size_t i = digest & mask; table_[i].ref != kZeroPage; i = (i + 1) & mask) {
        // A digest hit is only a candidate: the bytes decide.
        if (table_[i].digest == digest && std::memcmp(data(table_[i].ref), page, kPageSize) == 0)
            return table_[i].ref;
    }
    return kNoPage;
}

void PageStore::insert(std::uint64_t digest, PageRef ref) {
    if ((table_used_ + 1) * 2 > table_.size()) grow_table();
    const std::size_t mask = table_.size() - 1;
    std::size_t i = digest & mask;
    while (table_[i].ref != kZeroPage) i = (i + 1) & mask;
    table_[i] = Bucket{digest, ref};
    ++table_used_;
}

// Backward-shift deletion keeps every probe chain unbroken without tombstones.
void PageStore::erase(std::uint64_t digest, PageRef ref) {
    const std::size_t mask = table_.size() - 1;
    std::size_t hole = digest & mask;
    while (table_[hole].ref != ref) hole = (hole + 1) & mask;
    for (std::size_t j = (hole + 1) & mask; table_[j].ref != kZeroPage; j = (j + 1) & mask) {
        const std::size_t home = table_[j].digest & mask;
        // Entry j may move into the hole if its home does not lie cyclically in (hole, j].
        const bool home_in_between =
            hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
        if (!home_in_between) {
            table_[hole] = table_[j];
            hole = j;
        }
    }
    table_[hole].ref = kZeroPage;
    --table_used_;
}

void PageStore::grow_table() {
    std::vector<Bucket> old(table_.size() * 2, Bucket{0, kZeroPage});
    old.swap(table_);
    const std::size_t mask = table_.size() - 1;
    for (const Bucket& b : old) {
        if (b.ref == kZeroPage) continue;
        std::size_t i = b.digest & mask;
        while (table_[i].ref != kZeroPage) i = (i + 1) & mask;
        table_[i] = b;
    }
}

} // namespace rankfold::snapshot
