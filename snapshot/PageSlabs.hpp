// Where PageStore's page copies live: 2 MiB slabs of 512 page slots, mapped on demand and
// returned to the system when they empty (a few empty ones are kept: memory the kernel has
// zeroed and mapped once is expensive to get back, and a search releases and takes pages all
// the time). A slot's handle is its PageRef: slot + 1, as 0 is the zero page, which has none.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rankfold::snapshot {

class PageSlabs {
public:
    static constexpr std::uint32_t kSlabPages = 512; // 2 MiB
    static constexpr std::size_t kPageBytes = 4096;

    PageSlabs() = default;
    ~PageSlabs();
    PageSlabs(const PageSlabs&) = delete;
    PageSlabs& operator=(const PageSlabs&) = delete;

    // A free slot's handle (>= 1). Handles stay below handle_limit(), which only grows.
    std::uint32_t allocate();
    void free(std::uint32_t handle);
    std::byte* address(std::uint32_t handle) const {
        const std::uint32_t slot = handle - 1;
        // cppcheck-suppress CastIntegerToAddressAtReturn ; pointer + offset (cppcheck misparses)
        return slabs_[slot / kSlabPages].memory + std::size_t{slot % kSlabPages} * kPageBytes;
    }
    // One past the largest handle allocate() has returned or can return without a new slab id.
    std::uint32_t handle_limit() const {
        return static_cast<std::uint32_t>(slabs_.size()) * kSlabPages + 1;
    }
    std::size_t mapped_bytes() const;
    std::size_t record_bytes() const { return slabs_.capacity() * sizeof(Slab); }

private:
    static constexpr std::uint32_t kSlabWords = kSlabPages / 64;
    struct Slab {
        std::byte* memory = nullptr;
        std::uint32_t live = 0;
        bool in_partial = false;
        std::uint64_t free_bits[kSlabWords] = {}; // 1 = slot free
    };

    void map_slab(std::uint32_t index);
    void unmap_slab(std::uint32_t index);

    std::vector<Slab> slabs_;
    std::vector<std::uint32_t> partial_;    // slabs with a free slot, most recent last
    std::vector<std::uint32_t> unused_ids_; // slab indices whose memory was unmapped
    std::uint32_t empty_slabs_ = 0;         // mapped slabs with no live page
};

} // namespace rankfold::snapshot
