// Termination detection at the coordinator (worker 0). Work moves in units: the root is unit 0,
// and each subtree a worker gives away is a new unit, announced to the coordinator (UnitOpened)
// by the giver before it sends the subtree, and closed (UnitClosed) by whoever explores it when
// it is done. The giver announces the new unit before it closes its own, on the same ordered
// channel, so the coordinator never sees every unit closed while one is still being explored;
// but a unit's close (from the receiver) can overtake its opening (from the giver), so a close
// seen first is remembered until its opening arrives. The search is over when no unit is open
// and no close is waiting for its opening.
#pragma once

#include <cstdint>
#include <unordered_set>

namespace rankfold::mc::parallel {

class Termination {
public:
    Termination() { open_.insert(kRootUnit); }
    static constexpr std::uint64_t kRootUnit = 0;
    // A unit's number: its giver and the giver's count of units given.
    static std::uint64_t unit(int giver, std::uint64_t count) {
        return (static_cast<std::uint64_t>(giver) << 40) | count;
    }
    void opened(std::uint64_t unit) {
        if (early_closed_.erase(unit) == 0) open_.insert(unit);
    }
    void closed(std::uint64_t unit) {
        if (open_.erase(unit) == 0) early_closed_.insert(unit);
    }
    bool done() const { return open_.empty() && early_closed_.empty(); }

private:
    std::unordered_set<std::uint64_t> open_;
    std::unordered_set<std::uint64_t> early_closed_;
};

} // namespace rankfold::mc::parallel
