// One visible OpenSHMEM call of a PE, as its entry point hands it to the scheduler inside a
// RankCall (CallKind::Shmem): the calls that wait for other PEs (collectives, wait_until,
// locks, quiet). Puts and non-fetching atomics are queued at their origin (PeState::pending) and
// land when the explorer says or at the origin's quiet; gets and fetching atomics read the
// target's memory during the call.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rankfold::shmem {

enum class ShmemOp : std::uint8_t {
    None,
    Init,       // shmem_init, shmem_init_thread: visible so that the PE's last call is known
    Finalize,   // collective: every PE of the world
    BarrierAll, // shmem_barrier_all and shmem_sync_all
    Malloc,     // shmem_malloc, shmem_calloc, shmem_align (collective)
    Free,       // shmem_free (collective)
    Realloc,    // shmem_realloc (collective)
    WaitUntil,  // shmem_TYPE_wait_until and friends: waits for its own memory to change
    SetLock,    // shmem_set_lock: waits until the lock is free
    Quiet,      // shmem_quiet, shmem_ctx_quiet: lands the PE's puts and atomics on one context
    // A get or fetching atomic about to read `size` bytes at `address` (the target's copy) of
    // PE `root` while another PE's put there is pending: visible so that the explorer chooses
    // whether that put lands first (ShmemEntry::observe). It does nothing itself.
    Fetch,
    // Collectives over a team (ShmemCall::team); the data moves when the last member enters.
    TeamSync,    // shmem_team_sync
    TeamSplit,   // shmem_team_split_strided (over the parent team)
    TeamSplit2d, // shmem_team_split_2d (over the parent team)
    Broadcast,   // shmem_broadcastmem, shmem_TYPE_broadcast
    Collect,     // shmem_collectmem, shmem_TYPE_collect: each member's own count
    Fcollect,    // shmem_fcollectmem, shmem_TYPE_fcollect
    Alltoall,    // shmem_alltoallmem, shmem_TYPE_alltoall
    Alltoalls,   // shmem_alltoallsmem, shmem_TYPE_alltoalls (strided)
    Reduce,      // shmem_TYPE_OP_reduce
};

// Folds `count` elements of `in` into `accumulator` (one reduction operator on one type).
using Combine = void (*)(void* accumulator, const void* in, std::size_t count);

// The comparison of shmem_TYPE_wait_until (SHMEM_CMP_EQ ... SHMEM_CMP_LE, in that order).
enum class Compare : std::uint8_t { Eq, Ne, Gt, Ge, Lt, Le };

// Whether `value` compares to `operand` as `cmp` asks.
template <typename T> bool compare(Compare cmp, T value, T operand) {
    switch (cmp) {
    case Compare::Eq:
        return value == operand;
    case Compare::Ne:
        return value != operand;
    case Compare::Gt:
        return value > operand;
    case Compare::Ge:
        return value >= operand;
    case Compare::Lt:
        return value < operand;
    case Compare::Le:
        return value <= operand;
    }
    return false;
}

const char* compare_name(Compare cmp); // "SHMEM_CMP_EQ", ...

struct ShmemCall {
    ShmemOp op = ShmemOp::None;
    void* address = nullptr; // Free/Realloc: the block; WaitUntil: the variable; SetLock: the lock
    std::size_t size = 0;    // Malloc/Realloc: bytes asked for; WaitUntil: the variable's size
    std::size_t alignment = 0; // Malloc: 0 for the default
    bool zero = false;         // Malloc: shmem_calloc
    bool is_signed = false;    // WaitUntil: how to compare the bytes
    Compare cmp = Compare::Eq; // WaitUntil
    std::uint64_t operand = 0; // WaitUntil: the value compared with, as the variable's bytes
    void** result = nullptr;   // Malloc/Realloc: where the new block's address goes
    // The call starts with a quiet (shmem_barrier_all, shmem_barrier, the allocation calls,
    // shmem_finalize): the PE's pending puts land before it joins.
    bool completes_puts = false;
    // Quiet: the context whose puts it completes (0: SHMEM_CTX_DEFAULT, shmem_quiet).
    int context = 0;

    // Team collectives: `address` is dest, `size` the bytes of one element.
    int team = 0;                 // the team handle (SHMEM_TEAM_WORLD for the world ones)
    const void* source = nullptr; // the source array
    std::size_t count = 0;        // elements (per block for alltoall, per PE for collect)
    int root = 0;                 // Broadcast: PE_root in the team; TeamSplit: start
    std::int64_t stride = 0;      // TeamSplit: stride; Alltoalls: dst
    std::int64_t extent = 0;      // TeamSplit: size; TeamSplit2d: xrange; Alltoalls: sst
    std::uint32_t kind = 0;       // Reduce: which operator on which type (for agreement)
    Combine combine = nullptr;    // Reduce
    int* new_team = nullptr;      // TeamSplit: the new team; TeamSplit2d: the x-axis team
    int* new_team_y = nullptr;    // TeamSplit2d: the y-axis team
};

} // namespace rankfold::shmem
