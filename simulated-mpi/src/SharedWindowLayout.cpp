// SharedWindowLayout: prefix sums of the segment sizes, each start rounded up when the
// program asked for non-contiguous segments.
#include "simulated-mpi/src/SharedWindowLayout.hpp"

namespace rankfold::mpi {

SharedWindowLayout shared_window_layout(const std::vector<MPI_Aint>& sizes, bool noncontig) {
    SharedWindowLayout layout;
    std::size_t next = 0;
    for (const MPI_Aint size : sizes) {
        if (noncontig)
            next = (next + kNoncontigSegmentAlignment - 1) / kNoncontigSegmentAlignment *
                   kNoncontigSegmentAlignment;
        layout.offsets.push_back(next);
        next += static_cast<std::size_t>(size > 0 ? size : 0);
    }
    layout.total = next;
    return layout;
}

int first_nonempty_segment(const std::vector<MPI_Aint>& sizes) {
    for (std::size_t i = 0; i < sizes.size(); ++i)
        if (sizes[i] > 0) return static_cast<int>(i);
    return 0;
}

} // namespace rankfold::mpi
