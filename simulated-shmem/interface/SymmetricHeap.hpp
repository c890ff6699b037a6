// One PE's symmetric heap as offsets: the live blocks, sorted. Every PE makes the same
// allocations in the same order (they are collective), so equal offsets on every PE are the
// same symmetric object, and the bytes live in the PE's copy of the program (SymmetricMemory).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace rankfold::shmem {

struct SymmetricBlock {
    std::size_t offset = 0;
    std::size_t size = 0;
    friend bool operator==(const SymmetricBlock&, const SymmetricBlock&) = default;
};

class SymmetricHeap {
public:
    // The offset of a new block of `size` bytes aligned to `alignment` (a power of two), the
    // first gap that fits in a heap of `capacity` bytes; nullopt when none does.
    std::optional<std::size_t> allocate(std::size_t size, std::size_t alignment,
                                        std::size_t capacity);
    // Frees the block at `offset`; false if no live block starts there.
    bool release(std::size_t offset);
    // The live block starting at `offset`, or nullptr.
    const SymmetricBlock* find(std::size_t offset) const;
    const std::vector<SymmetricBlock>& blocks() const { return blocks_; }

    friend bool operator==(const SymmetricHeap&, const SymmetricHeap&) = default;

private:
    std::vector<SymmetricBlock> blocks_;
};

} // namespace rankfold::shmem
