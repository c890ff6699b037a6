#include "properties/races/VectorClock.hpp"

#include <algorithm>

namespace rankfold::properties::races {

std::uint64_t VectorClock::at(int rank) const {
    return rank >= 0 && rank < size() ? ticks_[static_cast<std::size_t>(rank)] : 0;
}

void VectorClock::tick(int rank) {
    if (rank < 0) return;
    if (rank >= size()) ticks_.resize(static_cast<std::size_t>(rank) + 1, 0);
    ++ticks_[static_cast<std::size_t>(rank)];
}

void VectorClock::join(const VectorClock& other) {
    if (other.size() > size()) ticks_.resize(other.ticks_.size(), 0);
    for (std::size_t i = 0; i < other.ticks_.size(); ++i)
        ticks_[i] = std::max(ticks_[i], other.ticks_[i]);
}

bool VectorClock::precedes_or_equals(const VectorClock& other) const {
    for (int r = 0; r < size(); ++r)
        if (at(r) > other.at(r)) return false;
    return true;
}

void VectorClock::fingerprint(snapshot::FingerprintBuilder& into) const {
    // Trailing zeros do not change what the clock knows: leave them out.
    std::size_t n = ticks_.size();
    while (n > 0 && ticks_[n - 1] == 0) --n;
    into.value(static_cast<std::uint64_t>(n));
    for (std::size_t i = 0; i < n; ++i) into.value(ticks_[i]);
}

} // namespace rankfold::properties::races
