// The bytes a rank has read (or written) so far, as disjoint sorted ranges: what a PRE's
// read!(*k)/write!(*k) asks about ("parameter k's buffer was read before the call"). Adjacent
// and overlapping accesses merge, so an array filled element by element is one range. A value:
// part of the contract monitor's state.
#pragma once

#include "properties/Event.hpp"

#include <vector>

namespace rankfold::properties::contracts {

class TouchedBytes {
public:
    void add(ByteRange r);
    // Whether some byte of `r` was touched.
    bool overlaps(ByteRange r) const;
    bool empty() const { return ranges_.empty(); }
    const std::vector<ByteRange>& ranges() const { return ranges_; }
    friend bool operator==(const TouchedBytes&, const TouchedBytes&) = default;

private:
    std::vector<ByteRange> ranges_; // sorted by low, disjoint, not adjacent
};

} // namespace rankfold::properties::contracts
