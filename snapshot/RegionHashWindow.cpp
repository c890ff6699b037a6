// The parts of RegionSet's fingerprint that hash windows (set_hashed) and ignored bytes
// (ignore) change: RegionSnapshot.hpp describes both.
#include "snapshot/RegionHashing.hpp"
#include "snapshot/RegionSnapshot.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace rankfold::snapshot {

using namespace region_hashing;

void RegionSet::set_hashed(std::size_t region, std::size_t bytes, const Fingerprint& salt) {
    regions_[region].hashed = bytes;
    regions_[region].salt = salt;
}

void RegionSet::ignore(std::size_t region, std::size_t offset, std::size_t size) {
    if (regions_.at(region).growth != Growth::Up)
        throw std::invalid_argument("only regions that grow up can ignore bytes");
    if (size == 0) return;
    for (const Ignored& i : ignored_)
        if (i.region == region && i.offset == offset && i.size == size) return;
    ignored_.push_back({region, offset, size});
    std::stable_sort(ignored_.begin(), ignored_.end(),
                     [](const Ignored& a, const Ignored& b) { return a.region < b.region; });
}

// Each page with ignored bytes in the used part counts as its masked copy instead.
void RegionSet::apply_ignored(std::size_t index, const RegionSnapshot::Image& image,
                              Fingerprint& hash) {
    std::vector<std::size_t> pages;
    for (const Ignored& i : ignored_) {
        if (i.region != index) continue;
        for (std::size_t p = i.offset / kPageSize;
             p <= (i.offset + i.size - 1) / kPageSize && p < image.pages.size(); ++p)
            pages.push_back(p);
    }
    std::sort(pages.begin(), pages.end());
    pages.erase(std::unique(pages.begin(), pages.end()), pages.end());
    for (const std::size_t p : pages) {
        subtract(hash, term(index, p, image.pages[p]));
        std::memcpy(masked_.data(), store_.data(image.pages[p]), kPageSize);
        const std::size_t page_begin = p * kPageSize;
        for (const Ignored& i : ignored_) {
            if (i.region != index) continue;
            const std::size_t from = std::max(i.offset, page_begin);
            const std::size_t to = std::min(i.offset + i.size, page_begin + kPageSize);
            if (from < to) std::memset(masked_.data() + (from - page_begin), 0, to - from);
        }
        const Fingerprint digest = fingerprint_of(masked_.data(), kPageSize, kMaskedSeed);
        const std::uint64_t key[3] = {digest.low, digest.high, (std::uint64_t{index} << 40) ^ p};
        add(hash, fingerprint_of(key, sizeof key, kPageSeed));
    }
}

// The window's length and salt replace the used length; the pages beyond the window leave
// the sum, and the edge page counts with its bytes outside the window as zero.
void RegionSet::apply_window(std::size_t index, const RegionSnapshot::Image& image,
                             Fingerprint& hash) {
    subtract(hash, length_term(index));
    const std::uint64_t key[4] = {index, image.hashed, image.salt.low, image.salt.high};
    add(hash, fingerprint_of(key, sizeof key, kWindowSeed));
    const std::size_t full = image.hashed / kPageSize;
    for (std::size_t i = full; i < image.pages.size(); ++i)
        subtract(hash, term(index, i, image.pages[i]));
    const std::size_t partial = partial_bytes(image.hashed);
    if (partial == 0) return;
    const std::size_t offset = image.growth_down ? kPageSize - partial : 0;
    const Fingerprint digest = edge_digest(index, image.pages[full], offset, partial);
    const std::uint64_t edge[3] = {digest.low, digest.high, (std::uint64_t{index} << 40) ^ full};
    add(hash, fingerprint_of(edge, sizeof edge, kPageSeed));
}

// The digest of a window's edge page with its bytes outside the window as zero. Hashing a
// masked page per windowed region per capture was a sixth of client/server's search; the
// edge page of a rank waiting in a call is mostly the one it was at the last capture (the
// same frame waiting), so each region keeps its last one. It holds a reference to the page:
// while it does, the handle names the same bytes.
Fingerprint RegionSet::edge_digest(std::size_t index, PageRef page, std::size_t offset,
                                   std::size_t bytes) {
    Edge& edge = edges_[index];
    if (edge.page == page && edge.offset == offset && edge.bytes == bytes) return edge.digest;
    std::memset(masked_.data(), 0, kPageSize);
    std::memcpy(masked_.data() + offset, store_.data(page) + offset, bytes);
    const Fingerprint digest = fingerprint_of(masked_.data(), kPageSize, kMaskedSeed);
    store_.retain(page);
    if (edge.page != kNoPage) store_.release(edge.page);
    edge = Edge{page, offset, bytes, digest};
    return digest;
}

void RegionSet::release_edges() {
    for (Edge& edge : edges_) {
        if (edge.page != kNoPage) store_.release(edge.page);
        edge.page = kNoPage;
    }
}

} // namespace rankfold::snapshot
