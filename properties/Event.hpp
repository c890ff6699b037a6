// What the monitors watch (DESIGN.md §6): events flow one way, from the runtimes and the
// instrumentation to the monitors. Each event says which rank, what, and where in the source;
// the emitter has already resolved addresses to locations, so nothing here knows a runtime.
#pragma once

#include "properties/Violation.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rankfold::properties {

// One argument of a call, as its C parameter holds it: integers and handles zero-extended,
// pointers as addresses. For a pointer the runtime knows the pointee of (MPI_Request*,
// MPI_Datatype*, ...), `pointee_size` is that object's size in bytes (contracts' `*k`, `&k`).
// For a buffer, `bytes` is how far from its address the call's count and datatype reach (the
// hull of the typemap; contracts' read!(*k)/write!(*k) watch those bytes); 0 when the argument
// is no buffer or the runtime does not know.
struct CallArgument {
    std::uint64_t value = 0;
    std::uint8_t pointee_size = 0;
    std::uint64_t bytes = 0;
};

// A visible call is issued: its effect is about to happen.
struct CallEvent {
    int rank = -1;
    std::string_view function; // "MPI_Recv"
    std::uintptr_t site = 0;   // return address into the program (0: none)
    // The C arguments in parameter order; empty when the emitter does not decode them.
    std::span<const CallArgument> args = {};
};

// A delivery: an RMA operation takes effect at its target, at the synchronisation that
// completes it (the closing fence, an unlock, a flush, MPI_Win_complete). The race monitor
// orders it against the target's own accesses and other origins' deliveries.
struct DeliveryEvent {
    int origin = -1;          // the rank that issued the operation
    int target = -1;          // the rank whose window it reaches
    std::uintptr_t begin = 0; // the target's bytes [begin, end) it may touch
    std::uintptr_t end = 0;
    bool writes = false;     // Put and the accumulates; false for Get
    std::uintptr_t site = 0; // the origin's call
};

// The runtime found the program using its interface wrongly, and the error is fatal (under
// MPI_ERRORS_RETURN it goes back to the program instead and is no event).
struct MisuseEvent {
    int rank = -1;
    std::string subkind; // a usage sub-kind ("invalid-rank"), or "" for an internal error
    std::string message;
    std::optional<CodeLocation> location;
};

// An object the rank still held when it finalized (MPI_Finalize): never completed or freed.
struct LeakEvent {
    int rank = -1;
    std::string subkind; // "request-leak", "resource-leak", "persistent-not-started"
    std::string message;
    std::optional<CodeLocation> location; // where the object was made
    bool always_fatal = false;            // not even --allow-leaks makes it a warning
};

// Legal use of the interface that is almost never what the program means: MPI_Request_free of
// an active request (its buffer can never safely be reused, nor the transfer's end known).
struct HazardEvent {
    int rank = -1;
    std::string subkind; // "request-free-active"
    std::string message;
    std::optional<CodeLocation> location;
};

// A rank ended badly on its own side: a crash, a failed assertion, an abort, a non-zero exit, a
// heap error, an endless loop, a usage error found without the scheduler.
struct RankFaultEvent {
    Violation violation;
};

// A state in which nothing can happen any more: every rank finished, or some are blocked (or
// poll with a test that can never succeed) and nothing can release them.
struct EndStateEvent {
    int ranks = 0;
    int finished = 0;
    std::vector<BlockedRank> stuck; // the blocked and polling ranks, described
    int polling = 0;                // how many of `stuck` poll
};

// A run of bytes [low, high) of a rank's memory.
struct ByteRange {
    std::uintptr_t low = 0;
    std::uintptr_t high = 0;
    friend bool operator==(const ByteRange&, const ByteRange&) = default;
};

// The smallest range holding `hull` and `r`; an empty one ({x, x}) adds nothing.
inline ByteRange widened(ByteRange hull, ByteRange r) {
    if (r.low >= r.high) return hull;
    if (hull.low >= hull.high) return r;
    return {hull.low < r.low ? hull.low : r.low, hull.high > r.high ? hull.high : r.high};
}

// What a pending operation does with its buffer until it completes: reads it (a send: the
// program may read it too, not write it) or writes it (a receive: hands off entirely).
enum class BufferUse : std::uint8_t { Reads, Writes };

// The buffer of an operation a rank has started and not yet completed (MPI_Isend until the wait
// or test that returns it): the bytes its datatype covers, not the span between them.
struct PendingBuffer {
    std::uint64_t operation = 0; // which one, stable while it is pending (e.g. a request slot)
    std::string name;            // "MPI_Isend", "MPI_Iallreduce (receive buffer)"
    BufferUse use = BufferUse::Reads;
    std::vector<ByteRange> bytes; // ascending, disjoint, not adjacent
    std::uintptr_t site = 0;      // the call that started it (return address)
    friend bool operator==(const PendingBuffer&, const PendingBuffer&) = default;
};

// After a rank's visible step: the buffers of every operation it has pending, in full.
struct PendingBuffersEvent {
    int rank = -1;
    std::span<const PendingBuffer> buffers;
};

// The program (or a C library routine it called) reads or writes memory.
struct MemoryAccessEvent {
    int rank = -1;
    std::uintptr_t address = 0;
    std::size_t size = 0;
    bool write = false;
    std::uintptr_t site = 0;  // return address of the instrumentation call: the access's line
    const char* routine = ""; // "memcpy" for a library routine; "" for a load or store
};

} // namespace rankfold::properties
