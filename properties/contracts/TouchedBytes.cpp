#include "properties/contracts/TouchedBytes.hpp"

#include <algorithm>

namespace rankfold::properties::contracts {

void TouchedBytes::add(ByteRange r) {
    if (r.low >= r.high) return;
    // The first range that ends at or after r.low: it and the ones after that start at or
    // before r.high touch r (adjacent ones included) and merge with it.
    auto first =
        std::lower_bound(ranges_.begin(), ranges_.end(), r.low,
                         [](const ByteRange& x, std::uintptr_t low) { return x.high < low; });
    if (first != ranges_.end() && first->low <= r.low && first->high >= r.high) return; // known
    auto last = first;
    while (last != ranges_.end() && last->low <= r.high) {
        r.low = std::min(r.low, last->low);
        r.high = std::max(r.high, last->high);
        ++last;
    }
    if (first == last) {
        ranges_.insert(first, r);
        return;
    }
    *first = r;
    ranges_.erase(first + 1, last);
}

bool TouchedBytes::overlaps(ByteRange r) const {
    if (r.low >= r.high) return false;
    auto it = std::upper_bound(ranges_.begin(), ranges_.end(), r.low,
                               [](std::uintptr_t low, const ByteRange& x) { return low < x.high; });
    return it != ranges_.end() && it->low < r.high;
}

} // namespace rankfold::properties::contracts
