#include "snapshot/RankMemory.hpp"

#include "snapshot/RankArena.hpp"

#include <fmt/format.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace rankfold::snapshot {

RankMemory* RankMemory::current_ = nullptr;

namespace {
constexpr std::size_t kPage = 4096;
constexpr std::size_t kSlotAlign = std::size_t{2} << 20;
std::size_t round_up(std::size_t n, std::size_t a) {
    return (n + a - 1) / a * a;
}
} // namespace

RankMemory::RankMemory(int ranks, std::size_t stack_size, std::size_t heap_size)
    : ranks_(ranks), stack_size_(round_up(stack_size, kPage)),
      heap_size_(round_up(heap_size, kPage)) {
    heap_offset_ = kGuard + stack_size_ + kGuard;
    slot_size_ = round_up(heap_offset_ + heap_size_, kSlotAlign);
    total_ = slot_size_ * static_cast<std::size_t>(ranks);

    // One PROT_NONE reservation, then the usable parts opened up: the guards stay inaccessible.
    const int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
    void* p = mmap(reinterpret_cast<void*>(kPreferredBase), total_, PROT_NONE,
                   flags | MAP_FIXED_NOREPLACE, -1, 0);
    if (p == MAP_FAILED) p = mmap(nullptr, total_, PROT_NONE, flags, -1, 0);
    if (p == MAP_FAILED)
        throw std::runtime_error(
            fmt::format("cannot reserve {} MiB of address space for {} ranks: {}", total_ >> 20,
                        ranks, std::strerror(errno)));
    base_ = reinterpret_cast<std::uintptr_t>(p);
    // Back the reservation with a memory file, mapped a second time as the alias.
    memfd_ = memfd_create("rankfold-ranks", MFD_CLOEXEC);
    if (memfd_ < 0 || ftruncate(memfd_, static_cast<off_t>(total_)) != 0 ||
        // cppcheck-suppress leakReturnValNotUsed ; MAP_FIXED over the reservation: it is at p
        mmap(p, total_, PROT_NONE, MAP_SHARED | MAP_FIXED | MAP_NORESERVE, memfd_, 0) == MAP_FAILED)
        throw std::runtime_error(
            fmt::format("cannot create the ranks' memory: {}", std::strerror(errno)));
    void* alias =
        mmap(nullptr, total_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, memfd_, 0);
    if (alias == MAP_FAILED)
        throw std::runtime_error(
            fmt::format("cannot map the ranks' memory twice: {}", std::strerror(errno)));
    alias_ = static_cast<std::byte*>(alias);
    for (int r = 0; r < ranks; ++r) {
        const RankRegion reg = region(r);
        if (mprotect(reg.stack_low, reg.stack_size, PROT_READ | PROT_WRITE) != 0 ||
            mprotect(reg.heap, reg.heap_size, PROT_READ | PROT_WRITE) != 0)
            throw std::runtime_error(
                fmt::format("cannot map the memory of rank {}: {}", r, std::strerror(errno)));
        RankArena::create(reg.heap, reg.heap_size);
    }
    current_ = this;
}

RankMemory::~RankMemory() {
    if (current_ == this) current_ = nullptr;
    munmap(reinterpret_cast<void*>(base_), total_);
    if (alias_ != nullptr) munmap(alias_, total_);
    if (memfd_ >= 0) close(memfd_);
}

RankRegion RankMemory::region(int rank) const {
    auto* slot = reinterpret_cast<std::byte*>(base_ + slot_size_ * static_cast<std::size_t>(rank));
    return RankRegion{slot + kGuard, stack_size_, slot + heap_offset_, heap_size_};
}

RankArena* RankMemory::arena(int rank) const {
    return reinterpret_cast<RankArena*>(region(rank).heap);
}

int RankMemory::stack_owner(const void* p) const {
    const std::uintptr_t off = reinterpret_cast<std::uintptr_t>(p) - base_;
    if (off >= total_) return -1;
    const std::size_t slot = off / slot_size_;
    return off - slot * slot_size_ < heap_offset_ ? static_cast<int>(slot) : -1;
}

} // namespace rankfold::snapshot
