// A vector clock over the ranks (Lamport, Mattern): entry r counts the events of rank r that
// happened before the clock's owner's current point. Two events are ordered exactly when one
// clock is pointwise below the other. The local-buffer race check needs little of it (a rank's
// own accesses and its pending operations are ordered by program order and completion); the
// remote half (RMA, SHMEM) orders accesses of different ranks through synchronisation.
#pragma once

#include "snapshot/Fingerprint.hpp"

#include <cstdint>
#include <vector>

namespace rankfold::properties::races {

class VectorClock {
public:
    VectorClock() = default;
    explicit VectorClock(int ranks) : ticks_(static_cast<std::size_t>(ranks), 0) {}

    int size() const { return static_cast<int>(ticks_.size()); }
    std::uint64_t at(int rank) const;
    // The owner `rank` does one more event.
    void tick(int rank);
    // Knows everything `other` knows (a receive, a barrier, an acquire).
    void join(const VectorClock& other);

    // Every event this clock knows, `other` knows too (this happened before or equals other).
    bool precedes_or_equals(const VectorClock& other) const;
    // Neither is before the other: the events they stamp may happen in either order.
    bool concurrent_with(const VectorClock& other) const {
        return !precedes_or_equals(other) && !other.precedes_or_equals(*this);
    }

    void fingerprint(snapshot::FingerprintBuilder& into) const;
    friend bool operator==(const VectorClock&, const VectorClock&) = default;

private:
    std::vector<std::uint64_t> ticks_; // missing entries are 0
};

} // namespace rankfold::properties::races
