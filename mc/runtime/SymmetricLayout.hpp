// Where each PE's symmetric memory is: the writable segments of its copy of the program
// (globals and statics, and the symmetric heap array that shmem.h links in), at the same offset
// from the copy's load address on every PE. Installed for the simulated OpenSHMEM while the
// runtime lives.
#pragma once

#include "mc/runtime/ProgramImage.hpp"
#include "simulated-shmem/interface/SymmetricMemory.hpp"

namespace rankfold::mc {

class SymmetricLayout final : public shmem::SymmetricMemory {
public:
    explicit SymmetricLayout(const ProgramImage& image);
    ~SymmetricLayout() override;
    SymmetricLayout(const SymmetricLayout&) = delete;
    SymmetricLayout& operator=(const SymmetricLayout&) = delete;

    void* translate(int pe, const void* address, std::size_t bytes, int target) const override;
    std::byte* heap(int pe) const override;
    std::size_t heap_size() const override { return heap_size_; }

private:
    const ProgramImage& image_;
    std::size_t heap_offset_ = 0; // from the load address; heap_size_ 0 without a heap
    std::size_t heap_size_ = 0;
};

} // namespace rankfold::mc
