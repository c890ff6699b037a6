#include "properties/races/LocalRace.hpp"

#include <algorithm>

namespace rankfold::properties::races {

namespace {
std::optional<ByteRange> intersect(ByteRange a, ByteRange b) {
    const ByteRange r{std::max(a.low, b.low), std::min(a.high, b.high)};
    if (r.low >= r.high) return std::nullopt;
    return r;
}
} // namespace

std::optional<ByteRange> shared_bytes(const std::vector<ByteRange>& ranges, ByteRange access) {
    if (access.low >= access.high) return std::nullopt;
    // The first range that ends after the access starts.
    auto it = std::upper_bound(ranges.begin(), ranges.end(), access.low,
                               [](std::uintptr_t x, const ByteRange& r) { return x < r.high; });
    if (it == ranges.end()) return std::nullopt;
    return intersect(*it, access);
}

std::optional<ByteRange> shared_bytes(const std::vector<ByteRange>& a,
                                      const std::vector<ByteRange>& b) {
    auto i = a.begin();
    auto j = b.begin();
    while (i != a.end() && j != b.end()) {
        if (auto r = intersect(*i, *j)) return r;
        if (i->high <= j->high)
            ++i;
        else
            ++j;
    }
    return std::nullopt;
}

std::optional<ByteRange> access_conflict(const PendingBuffer& pending, ByteRange access,
                                         bool write) {
    if (!write && pending.use == BufferUse::Reads) return std::nullopt;
    return shared_bytes(pending.bytes, access);
}

std::optional<ByteRange> operations_conflict(const PendingBuffer& a, const PendingBuffer& b) {
    if (a.use == BufferUse::Reads && b.use == BufferUse::Reads) return std::nullopt;
    return shared_bytes(a.bytes, b.bytes);
}

std::vector<ByteRange> normalized(std::vector<ByteRange> ranges) {
    std::erase_if(ranges, [](const ByteRange& r) { return r.low >= r.high; });
    std::sort(ranges.begin(), ranges.end(),
              [](const ByteRange& x, const ByteRange& y) { return x.low < y.low; });
    std::vector<ByteRange> out;
    for (const ByteRange& r : ranges) {
        if (!out.empty() && r.low <= out.back().high)
            out.back().high = std::max(out.back().high, r.high);
        else
            out.push_back(r);
    }
    return out;
}

} // namespace rankfold::properties::races
