// The visited-state store: exact state hash -> the sleep set the state was last explored with.
//
// With sleep sets, a state reached again is not always finished: Godefroid's rule says that a
// state stored with sleep set Z and reached with Z' still needs the transitions of Z \ Z', and is
// then stored with Z ∩ Z'. Without reduction every sleep set is empty and a hit ends the branch.
#pragma once

#include "mc/search/Transition.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace rankfold::mc {

using SleepSet = std::vector<Transition>; // a few elements: a vector beats a hash set

inline bool contains(const SleepSet& set, const Transition& t) {
    return std::ranges::find(set, t) != set.end();
}

class VisitedStates {
public:
    // Records a visit with sleep set `sleep`. Returns true for a new state; otherwise fills
    // `still_needed` with the transitions the earlier visit left asleep that this one does not.
    bool visit(std::uint64_t hash, const SleepSet& sleep, SleepSet& still_needed);
    std::size_t size() const { return states_.size(); }
    // Approximate bytes held, for the statistics.
    std::size_t bytes() const;
    void clear() { states_.clear(); }

private:
    std::unordered_map<std::uint64_t, SleepSet> states_;
};

} // namespace rankfold::mc
