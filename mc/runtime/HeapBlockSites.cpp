#include "mc/runtime/HeapBlockSites.hpp"

namespace rankfold::mc {

void HeapBlockSites::allocated(std::uintptr_t start, std::size_t size, std::uintptr_t site) {
    // Records of blocks that were where the new one is are history now.
    auto it = records_.lower_bound(start);
    if (it != records_.begin()) {
        auto below = std::prev(it);
        if (below->second.start + below->second.size > start) it = below;
    }
    const std::uintptr_t end = start + (size == 0 ? 1 : size);
    while (it != records_.end() && it->first < end) it = records_.erase(it);
    records_.emplace(start, Record{start, size, site, true, 0});
}

void HeapBlockSites::released(std::uintptr_t start, std::uintptr_t site) {
    auto it = records_.find(start);
    if (it == records_.end()) return;
    it->second.live = false;
    it->second.freed_at = site;
}

std::optional<HeapBlockSites::Record> HeapBlockSites::at_or_below(std::uintptr_t address) const {
    auto it = records_.upper_bound(address);
    if (it == records_.begin()) return std::nullopt;
    return std::prev(it)->second;
}

} // namespace rankfold::mc
