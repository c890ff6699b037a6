#include "snapshot/RegionSnapshot.hpp"

#include "snapshot/RegionHashing.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <stdexcept>
#include <utility>

namespace rankfold::snapshot {

using namespace region_hashing;

namespace {

void sort_unique(std::vector<std::uint32_t>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

} // namespace

std::size_t RegionSnapshot::page_count() const {
    std::size_t n = 0;
    for (const Image& image : images_) n += image.pages.size();
    return n;
}

bool RegionSnapshot::same_contents(const RegionSnapshot& other, const PageStore& store) const {
    if (canonical_ || other.canonical_)
        return canonical_ == other.canonical_ && hash_ == other.hash_;
    if (images_.size() != other.images_.size()) return false;
    for (std::size_t r = 0; r < images_.size(); ++r) {
        const Image& a = images_[r];
        const Image& b = other.images_[r];
        if (a.hashed != b.hashed || a.salt != b.salt) return false;
        if (a.hashed != RegionSet::kWhole) {
            if (!same_window(a, b, store)) return false;
            continue;
        }
        if (a.used != b.used || a.pages.size() != b.pages.size()) return false;
        bool same = true;
        a.pages.for_each_difference(b.pages, [&](std::size_t i) {
            if (same)
                same = std::memcmp(store.data(a.pages[i]), store.data(b.pages[i]), kPageSize) == 0;
        });
        if (!same) return false;
    }
    return true;
}

// Windowed images (hashed lengths equal) are equal when the bytes inside the window are.
bool RegionSnapshot::same_window(const Image& a, const Image& b, const PageStore& store) {
    const std::size_t full = a.hashed / kPageSize;
    for (std::size_t i = 0; i < full; ++i)
        if (a.pages[i] != b.pages[i] &&
            std::memcmp(store.data(a.pages[i]), store.data(b.pages[i]), kPageSize) != 0)
            return false;
    const std::size_t partial = partial_bytes(a.hashed);
    if (partial == 0 || a.pages[full] == b.pages[full]) return true;
    // The window's part of its edge page: the upper end for a region that grows down.
    const std::size_t offset = a.growth_down ? kPageSize - partial : 0;
    return std::memcmp(store.data(a.pages[full]) + offset, store.data(b.pages[full]) + offset,
                       partial) == 0;
}

std::size_t RegionSnapshot::own_bytes() const {
    std::size_t n = sizeof(*this) + images_.capacity() * sizeof(Image);
    for (const Image& image : images_) n += image.pages.own_bytes();
    return n;
}

void RegionSnapshot::reset() {
    images_.clear();
    page_sum_ = hash_ = Fingerprint{};
    canonical_ = false;
}

RegionSet::RegionSet(PageStore& store, std::unique_ptr<DirtyTracker> tracker)
    : store_(store), tracker_(std::move(tracker)), masked_(kPageSize) {
    if (!tracker_) tracker_ = std::make_unique<CompareTracker>();
}

// Regions (and their page references) go before the tracker, which un-protects the memory.
RegionSet::~RegionSet() {
    release_edges();
    regions_.clear();
}

std::size_t RegionSet::add_region(std::byte* base, std::size_t capacity, Growth growth,
                                  std::byte* writer) {
    if (reinterpret_cast<std::uintptr_t>(base) % kPageSize != 0 || capacity % kPageSize != 0)
        throw std::invalid_argument("snapshot region must be page-aligned");
    const std::size_t range = tracker_->add_range(base, capacity);
    regions_.push_back(Region{base, writer != nullptr ? writer : base, capacity / kPageSize, growth,
                              range, 0, 0, PageVector(store_), kWhole, Fingerprint{}});
    edges_.emplace_back();
    return regions_.size() - 1;
}

void RegionSet::set_used(std::size_t region, std::size_t bytes) {
    if (bytes > regions_[region].capacity_pages * kPageSize)
        throw std::out_of_range("snapshot region used beyond its capacity");
    regions_[region].used = bytes;
}

// Bounds the tracker's walks to the `pages` pages nearest the region's anchored end.
void RegionSet::set_window(const Region& r, std::size_t pages) {
    pages = std::min(pages, r.capacity_pages);
    tracker_->set_window(r.range, r.growth == Growth::Up ? 0 : r.capacity_pages - pages, pages);
}

Fingerprint RegionSet::term(std::size_t region, std::size_t i, PageRef ref) const {
    const Fingerprint& digest = store_.digest(ref);
    const std::uint64_t key[3] = {digest.low, digest.high, (std::uint64_t{region} << 40) ^ i};
    return fingerprint_of(key, sizeof key, kPageSeed);
}

Fingerprint RegionSet::length_term(std::size_t region) const {
    const std::uint64_t key[2] = {region, regions_[region].synced};
    return fingerprint_of(key, sizeof key, kLengthSeed);
}

Fingerprint RegionSet::finish_hash() const {
    Fingerprint h = page_sum_;
    for (std::size_t r = 0; r < regions_.size(); ++r) add(h, length_term(r));
    return h;
}

RegionSnapshot RegionSet::capture(bool fingerprint) {
    RegionSnapshot snapshot;
    snapshot.images_.reserve(regions_.size());
    for (std::size_t r = 0; r < regions_.size(); ++r) {
        capture_region(r);
        const Region& region = regions_[r];
        snapshot.images_.push_back(RegionSnapshot::Image{
            region.synced, region.pages,
            region.hashed == kWhole ? kWhole : std::min(region.hashed, region.synced), region.salt,
            region.growth == Growth::Down});
    }
    snapshot.page_sum_ = page_sum_;
    if (!fingerprint) return snapshot;
    snapshot.hash_ = finish_hash();
    snapshot.canonical_ = false;
    for (std::size_t r = 0; r < regions_.size(); ++r)
        if (snapshot.images_[r].hashed != kWhole)
            apply_window(r, snapshot.images_[r], snapshot.hash_);
    for (std::size_t r = 0; r < regions_.size() && !ignored_.empty(); ++r)
        apply_ignored(r, snapshot.images_[r], snapshot.hash_);
    return snapshot;
}

void RegionSet::capture_region(std::size_t index) {
    Region& r = regions_[index];
    // Memory holds r.pages and r.synced still matches: nothing to read (the tracker has nothing
    // to report either, so it is not asked).
    if (std::exchange(r.unwritten, false) && r.used == r.synced) {
        ++counters_.regions_kept;
        return;
    }
    const bool precise = tracker_->precise() && store_.sharing();
    const std::size_t n = page_count(r.used);
    const std::size_t old_n = r.pages.size();
    todo_.clear();
    // Always collect, even when every page is read anyway, so that tracking restarts now.
    dirty_.clear();
    set_window(r, std::max(n, old_n));
    tracker_->collect(r.range, dirty_);
    if (precise) {
        for (std::uint32_t page : dirty_) {
            const std::size_t i = r.index_of(page);
            if (i < n && i < old_n) todo_.push_back(i);
        }
    } else {
        for (std::size_t i = 0; i < std::min(n, old_n); ++i) todo_.push_back(i);
    }
    for (std::size_t i = old_n; i < n; ++i) todo_.push_back(i); // came into use
    // The partial page at the old free end now has more used bytes, or lies outside the used
    // part's last page; either way its zero-filled tail no longer describes it.
    if (partial_bytes(r.synced) != 0 && old_n - 1 < std::min(n, old_n)) todo_.push_back(old_n - 1);
    if (partial_bytes(r.used) != 0 && n - 1 < old_n) todo_.push_back(n - 1);

    for (std::size_t i = n; i < old_n; ++i) subtract(page_sum_, term(index, i, r.pages[i]));
    r.pages.resize(n);
    same_end_ = r.synced == r.used;
    r.synced = r.used;
    for (std::size_t i : todo_) capture_page(index, i);
}

void RegionSet::capture_page(std::size_t index, std::size_t i) {
    Region& r = regions_[index];
    const std::byte* src = r.address(i);
    const std::size_t partial = partial_bytes(r.synced);
    const PageRef old = r.pages[i];
    if (partial != 0 && i == r.pages.size() - 1) {
        const std::size_t offset = r.growth == Growth::Up ? 0 : kPageSize - partial;
        // With the used length unchanged, the page held for the free end is zero outside the
        // used part (it was masked the same way), so the used bytes alone decide.
        if (same_end_ && store_.sharing() && old != kNoPage &&
            std::memcmp(src + offset, store_.data(old) + offset, partial) == 0)
            return;
        std::memset(masked_.data(), 0, offset);
        std::memcpy(masked_.data() + offset, src + offset, partial);
        std::memset(masked_.data() + offset + partial, 0, kPageSize - offset - partial);
        src = masked_.data();
    }
    // A page reported written is often written back with the same bytes (stack frames of the
    // same calls, small windows reported whole): one comparison with the copy already held is
    // cheaper than hashing, looking up and confirming it.
    if (store_.sharing() && old != kNoPage) {
        ++counters_.pages_compared;
        if (std::memcmp(src, store_.data(old), kPageSize) == 0) return;
    }
    const PageRef ref = store_.store(src);
    ++counters_.pages_stored;
    if (ref == old) {
        store_.release(ref);
        return;
    }
    if (old != kNoPage) subtract(page_sum_, term(index, i, old));
    add(page_sum_, term(index, i, ref));
    r.pages.set(i, ref);
}

void RegionSet::restore(const RegionSnapshot& snapshot) {
    for (std::size_t r = 0; r < regions_.size(); ++r)
        restore_region(r, r < snapshot.images_.size() ? &snapshot.images_[r] : nullptr);
    page_sum_ = snapshot.page_sum_;
}

void RegionSet::restore_region(std::size_t index, const RegionSnapshot::Image* target) {
    Region& r = regions_[index];
    static const RegionSnapshot::Image kEmpty;
    const RegionSnapshot::Image& t = target != nullptr ? *target : kEmpty;
    const bool unwritten = std::exchange(r.unwritten, false);
    // Memory holds r.pages (the last sync) and nothing wrote it since: the target's pages are
    // there already. The tracker has nothing new to report either, so it is left as it is.
    // (Bytes past the used end may differ, but they are never part of a region's content.)
    if (unwritten && target != nullptr && r.synced == t.used && r.pages.same_chunks(t.pages)) {
        r.used = t.used;
        ++counters_.regions_kept;
        return;
    }
    const std::size_t n_t = t.pages.size();
    const std::size_t n_cur = r.pages.size();
    const bool precise = tracker_->precise();
    const bool aliased = r.writer != r.base;
    todo_.clear();
    dirty_.clear();
    if (precise && aliased && target != nullptr && r.synced == t.used &&
        r.pages.same_chunks(t.pages)) {
        restore_written(r, t);
        r.used = t.used;
        return;
    }
    if (precise && aliased) {
        // Writes through the alias are invisible to the tracker: ask first, then write.
        set_window(r, std::max(n_t, n_cur));
        tracker_->collect(r.range, dirty_);
        for (std::uint32_t page : dirty_)
            if (r.index_of(page) < n_t) todo_.push_back(r.index_of(page));
    } else if (!precise) {
        for (std::size_t i = 0; i < std::min(n_t, n_cur); ++i) {
            const PageRef ref = r.pages[i];
            if (ref != t.pages[i]) continue; // copied anyway below
            ++counters_.pages_compared;
            if (std::memcmp(r.address(i), store_.data(ref), kPageSize) != 0) todo_.push_back(i);
        }
    }
    r.pages.for_each_difference(t.pages, [&](std::size_t i) {
        if (i < n_t) todo_.push_back(i);
    });
    // Bytes past the old used end in its last page were never recorded.
    if (partial_bytes(r.synced) != 0 && n_cur - 1 < n_t) todo_.push_back(n_cur - 1);
    if (partial_bytes(t.used) != 0) todo_.push_back(n_t - 1);
    write_.clear();
    for (std::size_t i : todo_) write_.push_back(r.memory_page(i));
    sort_unique(write_);

    if (precise && !aliased) {
        // Write the pages that differ first, then one collect() both re-arms them and reports
        // what the application wrote since the last sync (usually nothing: the explorer
        // captures before it backtracks), which is written back in a second, small round.
        tracker_->begin_write(r.range, write_);
        write_back(r, t, write_);
        dirty_.clear();
        set_window(r, std::max(n_t, n_cur));
        tracker_->collect(r.range, dirty_);
        extra_.clear();
        std::set_difference(dirty_.begin(), dirty_.end(), write_.begin(), write_.end(),
                            std::back_inserter(extra_));
        std::erase_if(extra_, [&](std::uint32_t page) { return r.index_of(page) >= n_t; });
        if (!extra_.empty()) {
            tracker_->begin_write(r.range, extra_);
            write_back(r, t, extra_);
            tracker_->end_write(r.range, extra_);
        }
    } else {
        write_back(r, t, write_);
    }

    // Most regions of a restored state share every chunk with what memory holds (ranks that
    // did not run since): copying the vector would only count each chunk's owners up and down.
    if (target == nullptr)
        r.pages = PageVector(store_);
    else if (!r.pages.same_chunks(t.pages))
        r.pages = t.pages;
    r.used = r.synced = t.used;
}

// Memory holds the target's page list as of the last sync, used part included, so only the
// pages written since differ, and the tracker lists them in the order write_back wants (by
// memory page). The most common region of a restore (every rank's stack, heap and globals
// that kept their length): this path skips the general one's lists, sort and comparisons.
// The partial page at the free end is written only if it was written: its used bytes are the
// target's otherwise, and the bytes past them are never written back anyway.
void RegionSet::restore_written(const Region& r, const RegionSnapshot::Image& t) {
    const std::size_t n_t = t.pages.size();
    set_window(r, n_t);
    tracker_->collect(r.range, dirty_);
    write_.clear();
    for (std::uint32_t page : dirty_)
        if (r.index_of(page) < n_t) write_.push_back(page);
    write_back(r, t, write_);
}

void RegionSet::write_back(const Region& r, const RegionSnapshot::Image& t,
                           const std::vector<std::uint32_t>& pages) {
    const std::size_t n_t = t.pages.size();
    const std::size_t partial = partial_bytes(t.used);
    for (std::uint32_t page : pages) {
        const std::size_t i = r.index_of(page);
        const std::byte* src = store_.data(t.pages[i]);
        std::byte* dst = r.writer + std::size_t{page} * kPageSize;
        if (partial != 0 && i == n_t - 1) {
            const std::size_t offset = r.growth == Growth::Up ? 0 : kPageSize - partial;
            std::memcpy(dst + offset, src + offset, partial);
        } else {
            // Plain stores, not PageStore::copy_page's streaming ones: the program runs on
            // these pages right after (a replay, the next transition), and streamed pages would
            // leave the cache only to be read back from memory (fan-in: 30% of the search).
            std::memcpy(dst, src, kPageSize);
        }
    }
    counters_.pages_restored += pages.size();
}

} // namespace rankfold::snapshot
