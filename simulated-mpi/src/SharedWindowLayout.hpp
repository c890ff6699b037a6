// Where each member's segment of an MPI_Win_allocate_shared window lies in the window's one
// block (MPI 3.1 §11.2.3). Ranks are fibers of one process, so the whole window is one
// allocation every member addresses directly. By default the segments are contiguous: rank
// i's first byte follows rank i-1's last. With the info key alloc_shared_noncontig each
// segment starts on its own aligned boundary (an implementation may place them anywhere; the
// gap keeps a program that wrongly assumes contiguity from reading its neighbour's bytes).
#pragma once

#include <mpi.h>

#include <cstddef>
#include <vector>

namespace rankfold::mpi {

struct SharedWindowLayout {
    std::vector<std::size_t> offsets; // per member: its segment's first byte in the block
    std::size_t total = 0;            // bytes of the block (0: no member asked for memory)
};

// Alignment of each segment under alloc_shared_noncontig.
inline constexpr std::size_t kNoncontigSegmentAlignment = 64;

// `sizes`: each member's size argument, by rank in the window's group (none negative).
SharedWindowLayout shared_window_layout(const std::vector<MPI_Aint>& sizes, bool noncontig);

// The member MPI_Win_shared_query(MPI_PROC_NULL) describes: the first one with a non-empty
// segment, or 0 when every segment is empty.
int first_nonempty_segment(const std::vector<MPI_Aint>& sizes);

} // namespace rankfold::mpi
