// The events of the remote race check (issue 16, remote half): the synchronisation that orders
// ranks (happens-before), and one-sided operations from their issue to their completion at the
// target. The emitters (mc/system) translate MPI and OpenSHMEM calls into these; the race
// monitor (properties/races/RemoteRaces) needs nothing else to know what ordered what.
#pragma once

#include "properties/Event.hpp"

#include <cstdint>

namespace rankfold::properties {

// How a synchronisation passes what a rank knows to others. A token names the channel:
//   Release/Acquire — one way, through a token consumed by the acquire (a message: the send
//     releases, the match acquires; an unlock releases its lock, the next exclusive lock
//     acquires it);
//   Arrive/Depart   — a join (a barrier, a fence, any blocking collective): what every rank
//     knew when it arrived, every rank knows when it departs;
//   Forward         — what `token` carries now, `to` carries too (no rank learns anything: a
//     fetching atomic reads a word at its landing, and its origin learns what the word carried
//     only when the operation completes there);
//   MemorySync      — `rank` synchronises its view of shared memory with the others' (MPI_Win_sync
//     and the calls that imply one: fence, lock, unlock, flush, post/start/complete/wait). In
//     the unified model a direct store into a shared-memory window reaches another rank only
//     through a memory sync of the storing rank, a synchronisation, and a memory sync of the
//     loading rank (MPI 3.1 §11.7, Example 11.21); RemoteRaces.hpp.
enum class SyncStep : std::uint8_t { Release, Acquire, Arrive, Depart, Forward, MemorySync };

// Token kinds, in the top byte of a token (the rest says which message, communicator, ...).
// Signal: an OpenSHMEM landing at a word of its target, acquired by the target's wait_until on
// that word (shmem_signal_token).
// Atomic: an MPI accumulate-family operation's landing at a word of its target (what its origin
// knew, released to the word), and what a fetching one read there (forwarded to its origin's
// next completing call: atomic_fetch_token).
enum class SyncChannel : std::uint8_t { Message = 1, Collective, Lock, PostWait, Signal, Atomic };
constexpr std::uint64_t sync_token(SyncChannel channel, std::uint64_t id) {
    return (static_cast<std::uint64_t>(channel) << 56U) | (id & ((1ULL << 56U) - 1));
}

// The "window" of OpenSHMEM's puts and atomics (the symmetric memory of every PE) on the
// default context; context c of a PE is kShmemWindow + c, since completion is per context
// (shmem_ctx_quiet). A completion of kShmemAllContexts completes the origin's puts on every
// context (shmem_barrier_all, shmem_clear_lock).
constexpr std::uint64_t kShmemWindow = 1ULL << 42U;
constexpr std::uint64_t kShmemAllContexts = 1ULL << 43U;
constexpr std::uint64_t shmem_context_window(int context) {
    return kShmemWindow + static_cast<std::uint64_t>(context);
}
constexpr bool is_shmem_window(std::uint64_t window) {
    return window >= kShmemWindow && window < kShmemAllContexts;
}
// The token a landing at `address` of PE `target` carries to a wait_until on that word.
constexpr std::uint64_t shmem_signal_token(int target, std::uintptr_t address) {
    return sync_token(SyncChannel::Signal, (static_cast<std::uint64_t>(target) << 48U) ^
                                               static_cast<std::uint64_t>(address));
}

// The token an OpenSHMEM lock passes from shmem_clear_lock to the next shmem_set_lock.
constexpr std::uint64_t shmem_lock_token(std::uintptr_t lock) {
    return sync_token(SyncChannel::Lock, (1ULL << 47U) | static_cast<std::uint64_t>(lock));
}

// The word of `target` (world rank) at `address` that MPI atomics (accumulates, fetch-and-op,
// compare-and-swap) release to and read from: the MCS lock's tail, a polled flag.
constexpr std::uint64_t atomic_word_token(int target, std::uintptr_t address) {
    return sync_token(SyncChannel::Atomic, (static_cast<std::uint64_t>(target) << 48U) ^
                                               static_cast<std::uint64_t>(address));
}
// What the fetching atomics of `origin` read at their landings, until its next call that
// completes operations (flush, unlock, complete) acquires it.
constexpr std::uint64_t atomic_fetch_token(int origin) {
    return sync_token(SyncChannel::Atomic, (1ULL << 55U) | static_cast<std::uint64_t>(origin));
}

struct SyncEvent {
    int rank = -1;
    SyncStep step = SyncStep::Arrive;
    std::uint64_t token = 0;
    std::uint64_t to = 0; // Forward: the token that gets what `token` carries
};

// A one-sided operation is issued: from now until its completion, and until the target knows
// of the completion, it may touch the target's bytes.
struct RemoteOpEvent {
    int origin = -1;
    int target = -1;               // world rank
    std::uint64_t window = 0;      // which window (or symmetric heap) the operation goes through
    ByteRange bytes;               // the target's bytes (its own addresses)
    bool writes = false;           // Put, the accumulates
    bool atomic = false;           // an accumulate: element-wise atomic (MPI 3.1 §11.7.1)
    std::uint64_t atomic_op = 0;   // its operator (MPI_Op), when atomic
    std::uint64_t atomic_type = 0; // its target datatype, when atomic
    bool no_op = false;            // MPI_NO_OP: an atomic read
    std::uintptr_t site = 0;       // the origin's call
    const char* name = "";         // "MPI_Put"
};

// What an OpenSHMEM completion event is (RemoteRaces::complete, ShmemOrder.cpp):
//   Landing — one put (or non-fetching atomic) of `origin` to `target` landed: `landed` are
//     its data bytes, `landed_signal` its signal word (put-with-signal). Whoever acquires the
//     carrier (a wait_until on the word it wrote) learns that it, and the origin's earlier
//     operations to the target fence-ordered before it, are complete — not the unfenced ones
//     (OpenSHMEM 1.5 §9.10.1; Schwitanski's rules R6-R8);
//   Fence   — shmem_fence / shmem_ctx_fence of `origin` on `window`: it completes nothing, it
//     orders the operations issued before it before those issued after it, to each target.
enum class ShmemOrdering : std::uint8_t { None, Landing, Fence };

// The operations of `origin` on `window` (to `target`, or every target when -1) are complete
// at their targets. `origin_knows`: the origin learns it by this call (unlock, flush, fence);
// otherwise only whoever acquires `carrier` does (MPI_Win_complete: the target's MPI_Win_wait).
struct RemoteCompletionEvent {
    int origin = -1;
    std::uint64_t window = 0;
    int target = -1;
    bool origin_knows = true;
    std::uint64_t carrier = 0; // 0: none
    ShmemOrdering shmem = ShmemOrdering::None;
    ByteRange landed{};        // Landing: the data bytes ({0,0}: none)
    ByteRange landed_signal{}; // Landing: the signal word ({0,0}: none)
    // Non-empty: only the operations on exactly these target bytes, of any window (an MPI
    // atomic landed: whoever reads the word after it learns that it is complete there).
    ByteRange bytes{};
};

// The memory a rank exposes to one-sided operations changed (a window was made or freed): its
// windows' bytes, in full. Its own loads and stores there are what a later operation may race
// with.
struct ExposedMemoryEvent {
    int rank = -1;
    std::span<const ByteRange> bytes;
    // The shared-memory windows it is a member of (MPI_Win_allocate_shared), every member's
    // segment: bytes it may load and store directly wherever they belong, as the others may.
    std::span<const ByteRange> shared;
};

} // namespace rankfold::properties
