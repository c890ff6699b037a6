// The visited-state store: state fingerprint -> the sleep set the state was last explored with.
//
// With sleep sets, a state reached again is not always finished: Godefroid's rule says that a
// state stored with sleep set Z and reached with Z' still needs the transitions of Z \ Z', and is
// then stored with Z ∩ Z'. Without reduction every sleep set is empty and a hit ends the branch.
//
// The store keeps 128-bit fingerprints (snapshot::Fingerprint), not the states: two different
// states with one fingerprint are taken for one. What a collision would cost: the state reached
// second is wrongly taken as visited, so its subtree is not explored (or, under the caching
// rule, only the part the first state's sleep set left open), and any violation found only in
// that subtree is silently missed; nothing reports it. How likely it is: with n distinct states
// stored, about n(n-1)/2^129 (collision_probability(); 1e9 states: 1.5e-21), which the report
// prints once it is above 1e-12. A liveness search, which must not close a cycle on a
// collision, confirms matches with full state equality (snapshot::StateRegistry::equal).
#pragma once

#include "mc/search/Transition.hpp"
#include "snapshot/Fingerprint.hpp"

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
    bool visit(const snapshot::Fingerprint& state, const SleepSet& sleep, SleepSet& still_needed);
    std::size_t size() const { return states_.size(); }
    // Approximate bytes held, for the statistics.
    std::size_t bytes() const;
    void clear() { states_.clear(); }

    // The probability that two of the stored states are different states with one fingerprint
    // (the birthday bound for 128-bit fingerprints of `size()` distinct states).
    long double collision_probability() const { return collision_probability(size()); }
    static long double collision_probability(std::uint64_t states);

private:
    std::unordered_map<snapshot::Fingerprint, SleepSet, snapshot::FingerprintHash> states_;
};

} // namespace rankfold::mc
