// RegionSet: capture and restore of a set of memory regions through the PageStore, with an exact
// state hash (DESIGN.md §5, first level). Nothing here knows what the regions hold.
//
// A region is a fixed, page-aligned reservation [base, base + capacity) of which only a "used"
// part belongs to the state: the first `used` bytes (Growth::Up, a heap arena or a module's data)
// or the last `used` bytes (Growth::Down, a stack's live part from the saved stack pointer to the
// top). Page i of a region is counted from its anchored end, so a stack that grows keeps the
// numbers of its old pages. Bytes of the partial page at the free end that lie outside the used
// part read as zero in the snapshot and are never written back.
//
// The set keeps, per region, the page list that memory corresponds to as of the last capture or
// restore; a DirtyTracker tells which pages were written since, so:
//   capture  stores (hashes, looks up, copies if new) only the pages written since, plus pages
//            that came into use and the one or two partial pages at the free end;
//   restore  copies back only the pages written since plus the pages whose stored content
//            differs between the two page lists (compared by reference, chunk by chunk), and
//            leaves them tracked as unwritten.
// With the Compare method (no tracking), written pages are found by memcmp with the last copy.
// With sharing off in the store, capture stores every page again: a full copy per snapshot.
//
// State fingerprint (128 bits): the sum, lane by lane (each 64-bit half wrapping on its own),
// over regions r and used pages i of XXH3-128(r, i, 128-bit digest of the page), plus
// XXH3-128(r, used length) per region. Changing a page updates it in O(1); equal contents and
// lengths give equal fingerprints, different ones differ up to collisions of the 128-bit page
// digests and of the sum.
//
// Hash window: a region may be given a "hashed" part, the first `hashed` bytes of its used part
// counted from the anchored end, and a salt (set_hashed). Then only that part and the salt go
// into the fingerprint and into same_contents; the rest of the used part is still captured and
// restored. A rank's stack uses it to leave out the checker's own frames below the program's
// innermost frame, whose saved registers and call the salt stands for. The window costs, per
// capture, one term per page outside it and one masked page digest at its edge.
//
// Snapshots hold references into the store and must not outlive it. Not thread-safe.
#pragma once

#include "snapshot/DirtyTracker.hpp"
#include "snapshot/Fingerprint.hpp"
#include "snapshot/PageStore.hpp"
#include "snapshot/PageVector.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace rankfold::snapshot {

enum class Growth { Up, Down };

class RegionSnapshot {
public:
    // The state fingerprint of the memory (see above).
    const Fingerprint& hash() const { return hash_; }
    // An identity computed above this layer (semantic equality's heap canonical form) replaces
    // the fingerprint; same_contents then compares identities, not bytes.
    void set_canonical(const Fingerprint& identity) {
        hash_ = identity;
        canonical_ = true;
    }
    bool canonical() const { return canonical_; }
    bool empty() const { return images_.empty(); }
    std::size_t region_count() const { return images_.size(); }
    std::size_t used(std::size_t region) const { return images_[region].used; }
    // The part of the used part that the fingerprint covers (RegionSet::kWhole: all of it).
    std::size_t hashed(std::size_t region) const { return images_[region].hashed; }
    const PageVector& pages(std::size_t region) const { return images_[region].pages; }
    std::size_t page_count() const;
    // Whether the two snapshots (of one RegionSet, pages in `store`) hold the same bytes: used
    // lengths equal and every page equal by reference or, where the references differ (page
    // sharing off), by content.
    bool same_contents(const RegionSnapshot& other, const PageStore& store) const;
    // Memory this snapshot adds besides pages and chunks it may share with others.
    std::size_t own_bytes() const;
    // Releases the page references (also done by the destructor).
    void reset();

private:
    friend class RegionSet;
    // NOLINTNEXTLINE(bugprone-exception-escape): its moves are PageVector's (see there)
    struct Image {
        std::size_t used = 0;
        PageVector pages;
        std::size_t hashed = ~std::size_t{0}; // RegionSet::kWhole, or <= used
        Fingerprint salt;
        bool growth_down = false; // which end of the edge page the window covers
    };
    static bool same_window(const Image& a, const Image& b, const PageStore& store);
    std::vector<Image> images_;
    Fingerprint page_sum_;
    Fingerprint hash_;
    bool canonical_ = false;
};

class RegionSet {
public:
    struct Counters {
        std::uint64_t pages_stored = 0;   // pages hashed and looked up by capture
        std::uint64_t pages_compared = 0; // memcmp against the last copy (Compare method)
        std::uint64_t pages_restored = 0; // pages written back by restore
        std::uint64_t regions_kept = 0; // regions known unwritten that a capture or restore skipped
    };

    RegionSet(PageStore& store, std::unique_ptr<DirtyTracker> tracker);
    RegionSet(const RegionSet&) = delete;
    RegionSet& operator=(const RegionSet&) = delete;
    ~RegionSet();

    // `base` and `capacity` page-aligned; the range stays mapped read-write while the set
    // lives. The used part starts empty. Returns the region's index.
    //
    // `writer`, if given, is a second mapping of the same memory (two MAP_SHARED mappings of
    // one memfd), page-aligned, writable and best populated (MAP_POPULATE), through which
    // restore writes: such writes do not trip the dirty tracker, so restore costs its copies
    // only, with no write fault or re-protection per page (bench/snapshot_bench: uffd+alias).
    std::size_t add_region(std::byte* base, std::size_t capacity, Growth growth = Growth::Up,
                           std::byte* writer = nullptr);
    // The used part that the next capture records (<= capacity).
    void set_used(std::size_t region, std::size_t bytes);
    static constexpr std::size_t kWhole = ~std::size_t{0};
    // The hash window of the next captures (see the top of this file): the first `bytes` of
    // the used part from the anchored end (clamped to it) plus `salt`; kWhole: no window.
    void set_hashed(std::size_t region, std::size_t bytes, const Fingerprint& salt = {});
    // Leaves [offset, offset + size) of a region that grows up out of the fingerprints of
    // the next captures (rankfold_ignore: memory the program says is not part of its state).
    // Each page that holds ignored bytes counts with them as zero. Captured and restored as
    // before; same_contents still compares them.
    void ignore(std::size_t region, std::size_t offset, std::size_t size);
    // After a restore: the used part of the restored snapshot.
    std::size_t used(std::size_t region) const { return regions_[region].used; }
    std::size_t region_count() const { return regions_.size(); }

    // `fingerprint` false: the snapshot is only ever restored, and its hash() is left empty
    // (the hash windows and ignored bytes are not applied; the page sum is kept up as always).
    RegionSnapshot capture(bool fingerprint = true);
    // Puts every region back as in `snapshot` (taken from this set). Regions added after it was
    // taken get an empty used part.
    void restore(const RegionSnapshot& snapshot);
    // The caller knows that nothing wrote the region's used part since the last capture or
    // restore: the next one (which clears the mark) takes memory as holding that sync's page
    // list. A capture then reads nothing of the region if its used length is unchanged, and a
    // restore leaves it alone if the target shares that page list and used length (the
    // tracker, which reports a small window whole, is not asked). A wrong mark loses writes:
    // the caller must be sure.
    void set_unwritten(std::size_t region) { regions_[region].unwritten = true; }

    DirtyTracker& tracker() { return *tracker_; }
    const Counters& counters() const { return counters_; }
    PageStore& store() { return store_; }

private:
    // NOLINTNEXTLINE(bugprone-exception-escape): its moves are PageVector's (see there)
    struct Region {
        std::byte* base;
        std::byte* writer; // where restore writes: base, or an alias of it
        std::size_t capacity_pages;
        Growth growth;
        std::size_t range;                    // in the tracker
        std::size_t used = 0;                 // for the next capture
        std::size_t synced = 0;               // used length that `pages` describes
        PageVector pages;                     // what memory holds as of the last capture or restore
        std::size_t hashed = ~std::size_t{0}; // the hash window (set_hashed)
        Fingerprint salt;
        bool unwritten = false; // set_unwritten, until the next capture or restore

        // Page i of the used part counts from the end the region grows from; memory pages
        // (what the tracker reports) count from `base`.
        std::uint32_t memory_page(std::size_t i) const {
            return static_cast<std::uint32_t>(growth == Growth::Up ? i : capacity_pages - 1 - i);
        }
        std::size_t index_of(std::uint32_t page) const {
            return growth == Growth::Up ? page : capacity_pages - 1 - page;
        }
        std::byte* address(std::size_t i) const {
            return base + std::size_t{memory_page(i)} * kPageSize;
        }
    };

    void set_window(const Region& r, std::size_t pages);
    void capture_region(std::size_t index);
    void capture_page(std::size_t index, std::size_t i);
    void restore_region(std::size_t index, const RegionSnapshot::Image* target);
    // restore_region when memory holds `t`'s page list and used length, bar what was written.
    void restore_written(const Region& r, const RegionSnapshot::Image& t);
    void write_back(const Region& r, const RegionSnapshot::Image& t,
                    const std::vector<std::uint32_t>& pages);
    Fingerprint term(std::size_t region, std::size_t i, PageRef ref) const;
    Fingerprint finish_hash() const;
    Fingerprint length_term(std::size_t region) const;
    // Takes out of `hash` what lies outside region `index`'s window in `image`.
    void apply_window(std::size_t index, const RegionSnapshot::Image& image, Fingerprint& hash);
    // The masked digest of `bytes` bytes at `offset` of `page`, zeros elsewhere (cached).
    Fingerprint edge_digest(std::size_t index, PageRef page, std::size_t offset, std::size_t bytes);
    void release_edges();
    struct Edge {               // the last edge page digested per region (edge_digest)
        PageRef page = kNoPage; // a reference this set holds
        std::size_t offset = 0, bytes = 0;
        Fingerprint digest;
    };
    std::vector<Edge> edges_;
    // Takes the ignored bytes of region `index` out of `hash`.
    void apply_ignored(std::size_t index, const RegionSnapshot::Image& image, Fingerprint& hash);
    struct Ignored {
        std::size_t region, offset, size;
    };
    std::vector<Ignored> ignored_; // sorted by region

    PageStore& store_;
    std::unique_ptr<DirtyTracker> tracker_;
    std::vector<Region> regions_;
    Fingerprint page_sum_; // sum of term() over all used pages as of the last sync
    Counters counters_;
    // Scratch lists reused between calls.
    std::vector<std::uint32_t> dirty_;
    std::vector<std::size_t> todo_;
    std::vector<std::uint32_t> write_, extra_;
    bool same_end_ = false;         // capture_region: the used length did not change
    std::vector<std::byte> masked_; // the partial page at a region's free end, zero-filled
};

} // namespace rankfold::snapshot
