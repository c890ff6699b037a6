#include "simulated-shmem/interface/SymmetricHeap.hpp"

#include <algorithm>

namespace rankfold::shmem {

std::optional<std::size_t> SymmetricHeap::allocate(std::size_t size, std::size_t alignment,
                                                   std::size_t capacity) {
    if (alignment == 0) alignment = 16;
    // Zero-byte blocks still get a distinct address, so that each can be freed once.
    const std::size_t need = std::max<std::size_t>(size, 1);
    std::size_t start = 0;
    auto at = blocks_.begin();
    for (;; ++at) {
        const std::size_t aligned = (start + alignment - 1) / alignment * alignment;
        const std::size_t limit = at == blocks_.end() ? capacity : at->offset;
        if (aligned <= limit && limit - aligned >= need) {
            blocks_.insert(at, SymmetricBlock{aligned, size});
            return aligned;
        }
        if (at == blocks_.end()) return std::nullopt;
        start = at->offset + std::max<std::size_t>(at->size, 1);
    }
}

bool SymmetricHeap::release(std::size_t offset) {
    auto it = std::find_if(blocks_.begin(), blocks_.end(),
                           [&](const SymmetricBlock& b) { return b.offset == offset; });
    if (it == blocks_.end()) return false;
    blocks_.erase(it);
    return true;
}

const SymmetricBlock* SymmetricHeap::find(std::size_t offset) const {
    auto it = std::find_if(blocks_.begin(), blocks_.end(),
                           [&](const SymmetricBlock& b) { return b.offset == offset; });
    return it == blocks_.end() ? nullptr : &*it;
}

} // namespace rankfold::shmem
