#include "mc/search/VisitedStates.hpp"

#include <algorithm>

namespace rankfold::mc {

bool VisitedStates::visit(std::uint64_t hash, const SleepSet& sleep, SleepSet& still_needed) {
    still_needed.clear();
    auto [it, fresh] = states_.try_emplace(hash, sleep);
    if (fresh) return true;
    SleepSet& stored = it->second;
    for (const Transition& t : stored)
        if (!contains(sleep, t)) still_needed.push_back(t);
    // Keep Z ∩ Z': what stays asleep on every path explored so far.
    std::erase_if(stored, [&](const Transition& t) { return !contains(sleep, t); });
    return false;
}

std::size_t VisitedStates::bytes() const {
    std::size_t total = states_.bucket_count() * sizeof(void*);
    for (const auto& [hash, sleep] : states_)
        // sizeof(sleep): the vector object in the node; its elements are counted by capacity.
        // NOLINTNEXTLINE(bugprone-sizeof-container)
        total += sizeof(hash) + sizeof(sleep) + 2 * sizeof(void*) +
                 sleep.capacity() * sizeof(Transition);
    return total;
}

} // namespace rankfold::mc
