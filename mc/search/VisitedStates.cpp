#include "mc/search/VisitedStates.hpp"

#include <algorithm>
#include <cmath>

namespace rankfold::mc {

bool VisitedStates::visit(const snapshot::Fingerprint& state, const SleepSet& sleep,
                          SleepSet& still_needed) {
    still_needed.clear();
    auto [it, fresh] = states_.try_emplace(state, sleep);
    if (fresh) return true;
    SleepSet& stored = it->second;
    for (const Transition& t : stored)
        if (!contains(sleep, t)) still_needed.push_back(t);
    // Keep Z ∩ Z': what stays asleep on every path explored so far.
    std::erase_if(stored, [&](const Transition& t) { return !contains(sleep, t); });
    return false;
}

long double VisitedStates::collision_probability(std::uint64_t states) {
    if (states < 2) return 0.0L;
    // n(n-1)/2 pairs, each sharing one of 2^128 fingerprints with probability 2^-128; in long
    // double (64-bit mantissa) neither the product nor the scaling overflows or loses the
    // small values. 1 - e^(-x) keeps the result a probability when x is not small.
    const auto n = static_cast<long double>(states);
    const long double expected = std::ldexp(n * (n - 1.0L), -129);
    return -std::expm1(-expected);
}

std::size_t VisitedStates::bytes() const {
    std::size_t total = states_.bucket_count() * sizeof(void*);
    for (const auto& [state, sleep] : states_)
        // sizeof(sleep): the vector object in the node; its elements are counted by capacity.
        // NOLINTNEXTLINE(bugprone-sizeof-container)
        total += sizeof(state) + sizeof(sleep) + 2 * sizeof(void*) +
                 sleep.capacity() * sizeof(Transition);
    return total;
}

} // namespace rankfold::mc
