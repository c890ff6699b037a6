#include "mc/runtime/SymmetricLayout.hpp"

#include <dlfcn.h>

namespace rankfold::mc {

SymmetricLayout::SymmetricLayout(const ProgramImage& image) : image_(image) {
    if (image.copies() > 0) {
        const ModuleCopy& first = image.copy(0);
        const auto* heap =
            static_cast<const std::byte*>(dlsym(first.handle, "rankfold_shmem_heap"));
        const auto* size =
            static_cast<const unsigned long*>(dlsym(first.handle, "rankfold_shmem_heap_size"));
        if (heap != nullptr && size != nullptr) {
            heap_offset_ = reinterpret_cast<std::uintptr_t>(heap) - first.base;
            heap_size_ = *size;
        }
    }
    shmem::install_symmetric_memory(this);
}

SymmetricLayout::~SymmetricLayout() {
    if (shmem::symmetric_memory() == this) shmem::install_symmetric_memory(nullptr);
}

void* SymmetricLayout::translate(int pe, const void* address, std::size_t bytes, int target) const {
    if (pe < 0 || pe >= image_.copies() || target < 0 || target >= image_.copies()) return nullptr;
    const ModuleCopy& from = image_.copy(pe);
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    for (const ModuleCopy::Segment& s : from.writable) {
        if (at < s.begin || at >= s.end || s.end - at < bytes) continue;
        return reinterpret_cast<void*>(at - from.base + image_.copy(target).base);
    }
    return nullptr;
}

std::byte* SymmetricLayout::heap(int pe) const {
    if (heap_size_ == 0 || pe < 0 || pe >= image_.copies()) return nullptr;
    return reinterpret_cast<std::byte*>(image_.copy(pe).base + heap_offset_);
}

} // namespace rankfold::mc
