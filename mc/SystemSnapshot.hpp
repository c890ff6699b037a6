// Everything the rest of a run depends on, taken at a scheduling point (no rank running): the
// application's memory (pages in the store), the simulated MPI state (a value copy), and the
// scheduler's view of each rank. Restoring it makes every rank resume as if it had never left.
#pragma once

#include "mc/Violation.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/interface/RankCall.hpp"
#include "snapshot/RegionSnapshot.hpp"

#include <boost/context/detail/fcontext.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace rankfold::mc {

enum class RankStatus : std::uint8_t { Running, AtCall, Blocked, Finished, Failed };

struct RankControl {
    RankStatus status = RankStatus::Running;
    mpi::RankCall* call = nullptr; // on the rank's stack, which the memory snapshot holds
    bool crashed = false;
    boost::context::detail::fcontext_t context = nullptr; // saved stack pointer
};

struct SystemSnapshot {
    snapshot::RegionSnapshot memory;
    mpi::MpiWorld world{0, mpi::Buffering::Zero};
    std::vector<RankControl> ranks;
    int last_stepped = -1;
    bool unmatched_posts = false;
    std::optional<Violation> violation;
    std::vector<std::size_t> output_sizes; // captured output per rank (capture mode)
    std::uint64_t hash = 0;                // exact state hash: memory, runtime and scheduler state
};

} // namespace rankfold::mc
