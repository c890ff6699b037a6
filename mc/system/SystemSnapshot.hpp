// Everything the rest of a run depends on, taken at a scheduling point (no rank running): the
// application's memory (pages in the store), the simulated MPI state (a value copy), and each
// rank's control state. Restoring it makes every rank resume as if it had never left.
#pragma once

#include "mc/runtime/RankControl.hpp"
#include "properties/MonitorSet.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "snapshot/Fingerprint.hpp"
#include "snapshot/RegionSnapshot.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace rankfold::mc {

struct SystemSnapshot {
    snapshot::RegionSnapshot memory;
    mpi::MpiWorld world{0, mpi::Buffering::Zero};
    std::vector<RankControl> ranks;
    bool unmatched_posts = false;
    properties::MonitorSet::State monitors;
    std::vector<std::size_t> output_sizes; // captured output per rank (capture mode)
    snapshot::Fingerprint hash;            // of the state: memory, MPI state, rank controls, monitors
};

} // namespace rankfold::mc
