// PageStore: 4 KiB pages stored once (DESIGN.md §5). A page is keyed by its XXH3 digest and a
// digest hit is confirmed with memcmp, so two different pages are never merged, even when their
// digests collide. The digest is XXH3-128 (on a 4 KiB page some 5% slower than XXH3-64 with the
// run-time dispatch: ~100 ns here): the lookup table uses its low half, the state fingerprint of
// RegionSnapshot all of it (PageDigestTable). Pages are reference-counted; a page's slot is
// reused as soon as its last reference goes (PageSlabs: 2 MiB slabs, returned to the system
// when they empty).
//
// The all-zero page (freed heap memory, unused globals) is the reserved handle kZeroPage: no
// memory, no reference count, found with one memcmp against a static zero page.
//
// With sharing off (`--no-page-sharing`), every store() makes a new copy, zero pages included, so
// the memory saved by sharing can be measured. Not thread-safe.
#pragma once

#include "snapshot/Fingerprint.hpp"
#include "snapshot/PageDigestTable.hpp"
#include "snapshot/PageSlabs.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rankfold::snapshot {

inline constexpr std::size_t kPageSize = 4096;

// Handle of a stored page. Handles of released pages are reused.
using PageRef = std::uint32_t;
inline constexpr PageRef kZeroPage = 0;
// "No page here" in page lists; never returned by store().
inline constexpr PageRef kNoPage = 0xffffffffu;

class PageStore {
public:
    using DigestFn = Fingerprint (*)(const std::byte* page);

    struct Options {
        bool sharing = true;
        // Replaces XXH3-128 (tests use a constant digest to force collisions).
        DigestFn digest = nullptr;
    };

    struct Stats {
        std::size_t distinct_pages = 0; // stored copies, the zero page not included
        std::size_t references = 0;     // live references to those copies
        std::size_t page_bytes = 0;     // distinct_pages * kPageSize
        std::size_t slab_bytes = 0;     // page memory mapped (>= page_bytes)
        std::size_t index_bytes = 0;    // digest table and per-page records
        std::size_t list_bytes = 0;     // page lists of snapshots (see account_list_bytes)
        // Everything this store holds: what a memory limit should compare against.
        std::size_t total_bytes() const { return slab_bytes + index_bytes + list_bytes; }
    };

    PageStore() : PageStore(Options{}) {}
    explicit PageStore(Options options);
    ~PageStore() = default;
    PageStore(const PageStore&) = delete;
    PageStore& operator=(const PageStore&) = delete;

    // Returns a reference to a page equal to the kPageSize bytes at `page`, storing a copy when
    // there is none yet. The caller owns the returned reference.
    PageRef store(const std::byte* page);
    void retain(PageRef ref) {
        if (ref == kZeroPage) return;
        ++refs_[ref];
        ++references_;
    }
    // Drops one reference; the page is freed with the last one.
    void release(PageRef ref) {
        if (ref == kZeroPage) return;
        --references_;
        if (--refs_[ref] == 0) free_page(ref);
    }

    const std::byte* data(PageRef ref) const {
        return ref == kZeroPage ? zero_page() : slabs_.address(ref);
    }
    const Fingerprint& digest(PageRef ref) const { return digests_[ref]; }
    std::uint32_t refcount(PageRef ref) const { return ref == kZeroPage ? 0 : refs_[ref]; }

    bool sharing() const { return sharing_; }
    // The digest this store uses for a page's contents (XXH3_128bits unless overridden).
    Fingerprint digest_of(const std::byte* page) const { return digest_fn_(page); }
    Stats stats() const;

    // Snapshot page lists report the memory they allocate here, so one figure covers the store.
    void account_list_bytes(std::ptrdiff_t delta) {
        list_bytes_ = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(list_bytes_) + delta);
    }

    static const std::byte* zero_page();
    static Fingerprint xxh3_digest(const std::byte* page);
    // memcpy of one page with streaming stores: for copies that will not be read again soon.
    static void copy_page(std::byte* dst, const std::byte* src);

private:
    void free_page(PageRef ref);

    bool sharing_;
    DigestFn digest_fn_;
    Fingerprint zero_digest_;
    // Indexed by PageRef (entry 0: the zero page). Counts apart from digests: retain and release
    // touch a denser array.
    std::vector<std::uint32_t> refs_;
    std::vector<Fingerprint> digests_;
    PageSlabs slabs_;
    PageDigestTable table_; // with sharing only
    std::size_t distinct_ = 0;
    std::size_t references_ = 0;
    std::size_t list_bytes_ = 0;
};

} // namespace rankfold::snapshot
