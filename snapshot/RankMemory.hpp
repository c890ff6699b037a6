// The address space the ranks live in: one slot per rank, each holding the rank's fiber stack
// and its heap arena, reserved in one piece at a fixed address when possible. A fixed address
// means the same rank history yields the same pointers in every run, so replays, traces and
// state hashes agree from run to run.
//
// Slot layout (low to high): guard page | stack | guard page | heap arena
//
// The memory is a memory file mapped twice: at the fixed address, where the ranks use it, and
// once more anywhere (the alias). Snapshot restores write through the alias, which the dirty
// tracker does not see, so putting pages back costs only the copies.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace rankfold::snapshot {

class RankArena;

struct RankRegion {
    std::byte* stack_low;
    std::size_t stack_size;
    std::byte* heap;
    std::size_t heap_size;
};

class RankMemory {
public:
    static constexpr std::uintptr_t kPreferredBase = 0x200000000000; // 32 TiB
    static constexpr std::size_t kGuard = 4096;

    // Reserves and maps the slots; throws std::runtime_error with a readable message on failure.
    RankMemory(int ranks, std::size_t stack_size, std::size_t heap_size);
    ~RankMemory();
    RankMemory(const RankMemory&) = delete;
    RankMemory& operator=(const RankMemory&) = delete;

    int ranks() const { return ranks_; }
    RankRegion region(int rank) const;
    RankArena* arena(int rank) const;
    // The rank whose heap arena contains `p`, or -1.
    int heap_owner(const void* p) const {
        const std::uintptr_t off = reinterpret_cast<std::uintptr_t>(p) - base_;
        if (off >= total_) return -1;
        const std::size_t slot = off / slot_size_;
        return off - slot * slot_size_ >= heap_offset_ ? static_cast<int>(slot) : -1;
    }
    // Whether [p, p+bytes) lies inside one rank's stack or heap (mapped, writable).
    bool usable(const void* p, std::size_t bytes) const {
        const std::uintptr_t off = reinterpret_cast<std::uintptr_t>(p) - base_;
        if (off >= total_ || bytes > slot_size_) return false;
        const std::size_t in_slot = off % slot_size_;
        const std::size_t end = in_slot + bytes;
        return (in_slot >= kGuard && end <= kGuard + stack_size_) ||
               (in_slot >= heap_offset_ && end <= heap_offset_ + heap_size_);
    }
    // The rank whose stack (or its guard pages) contains `p`, or -1.
    int stack_owner(const void* p) const;
    bool at_preferred_address() const { return base_ == kPreferredBase; }
    // The same byte seen through the second mapping.
    std::byte* alias(const void* p) const {
        return alias_ + (reinterpret_cast<std::uintptr_t>(p) - base_);
    }

    // The one instance the allocation hooks consult (set while an instance lives).
    static RankMemory* current() { return current_; }

private:
    int ranks_;
    std::size_t stack_size_;
    std::size_t heap_size_;
    std::size_t heap_offset_;
    std::size_t slot_size_;
    std::uintptr_t base_ = 0;
    std::size_t total_ = 0;
    int memfd_ = -1;
    std::byte* alias_ = nullptr;
    static RankMemory* current_;
};

} // namespace rankfold::snapshot
