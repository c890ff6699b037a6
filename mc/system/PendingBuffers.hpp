// The buffers of a rank's pending point-to-point operations, read from the simulated MPI's
// request table, as the race monitor wants them: the bytes each datatype's typemap really
// covers (a vector type's gaps are not the operation's), merged and sorted.
#pragma once

#include "properties/Event.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <vector>

namespace rankfold::mc {

// Appends to `out` (cleared first) one entry per active send or receive request of `rank`,
// leaving out the requests `call` (the rank's current call) made for itself: a blocking
// MPI_Sendrecv_replace's send and receive share a buffer, and the program cannot touch it
// while the call lasts.
void pending_buffers(const mpi::MpiWorld& world, int rank, const mpi::RankCall& call,
                     std::vector<properties::PendingBuffer>& out);

// Whether `rank` has no buffer pending_buffers would list, no active nonblocking collective
// (whose buffers the race monitor keeps), no fetching one-sided operation and no pending
// OpenSHMEM fetch: what a blocking call of a program without nonblocking operations always has.
// Reads only flags (no names, no typemaps): the per-call test before the full listing.
bool nothing_pending(const mpi::MpiWorld& world, int rank, const mpi::RankCall& call);

// Whether a call of `kind`, issued or completed, leaves its rank no buffer pending that it did
// not have before: a blocking send or receive, whose own request pending_buffers leaves out.
// Only a rank's own calls start operations, so with nothing listed for the rank before such a
// call there is nothing after it, and the flag scan of nothing_pending is not needed.
constexpr bool adds_no_pending_buffer(mpi::CallKind kind) {
    return kind == mpi::CallKind::Send || kind == mpi::CallKind::Recv;
}

// Appends the result buffers of `rank`'s one-sided operations that fetch (MPI_Get, ...) and have
// not landed yet: the operation writes them until its local completion (flush, unlock, fence).
void rma_result_buffers(const mpi::MpiWorld& world, int rank,
                        std::vector<properties::PendingBuffer>& out);

// Appends the fetch buffers of `rank`'s nonblocking fetching OpenSHMEM atomics not quieted yet
// (shmem::PendingFetch): the operation writes them until the quiet.
void shmem_fetch_buffers(const mpi::MpiWorld& world, int rank,
                         std::vector<properties::PendingBuffer>& out);

// The bytes `count` elements of `type` cover at `buffer` (at most `max_ranges` runs; past
// that, the span from the first to the last byte).
std::vector<properties::ByteRange> typemap_bytes(std::uintptr_t buffer, int count,
                                                 const mpi::Typemap& type,
                                                 std::size_t max_ranges = 4096);

} // namespace rankfold::mc
