// Where "the same symmetric object on another PE" is. The PEs are ranks with private copies of
// the program (globals and statics, the symmetric heap inside them at the same offset), so the
// answer is one offset computation between copies; the checker's runtime knows where the copies
// are and installs the answer here (mc/runtime/SymmetricLayout).
#pragma once

#include <cstddef>

namespace rankfold::shmem {

class SymmetricMemory {
public:
    virtual ~SymmetricMemory() = default;
    // [address, address + bytes) in `pe`'s memory, seen on `target`: the address there, or
    // nullptr if those bytes are not all symmetric (a stack or malloc address, for example).
    virtual void* translate(int pe, const void* address, std::size_t bytes, int target) const = 0;
    // The start of `pe`'s symmetric heap (nullptr when the program has none: it never included
    // shmem.h) and its size, the same on every PE.
    virtual std::byte* heap(int pe) const = 0;
    virtual std::size_t heap_size() const = 0;
};

void install_symmetric_memory(const SymmetricMemory* memory);
// The installed one; nullptr outside the checker (the unit tests install their own).
const SymmetricMemory* symmetric_memory();

} // namespace rankfold::shmem
