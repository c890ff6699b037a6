// The home of an MPI_Win_allocate_shared window's memory. Every rank of a run is a fiber of
// one process, so one block serves every member; it is allocated in the heap arena of the
// window group's rank 0. That arena is part of every snapshot (its used pages are captured,
// hashed and restored whoever wrote them: the dirty tracking is per page, not per rank), so
// the other members' stores into it are state like their own heap's. The heap checks of
// rank 0 cover the block as one live block; the other members' accesses to it are outside
// their own arenas and unchecked, like their accesses to globals. The block is released when
// the window is freed (collectively, so no member can still use it), or stays with the arena
// when the program never frees the window (reported as a leak).
#pragma once

#include <cstddef>

namespace rankfold::mpi {

// A zeroed block of `bytes` (at least 1) in `world_rank`'s heap; without ranks (unit tests)
// from the ordinary heap. nullptr when the arena is full.
void* allocate_shared_block(int world_rank, std::size_t bytes);
void release_shared_block(int world_rank, void* block);

} // namespace rankfold::mpi
