// Explains a blocked rank for a deadlock report: the call with its arguments, and what it
// waits for ("a message from rank 1 with tag 0", "rank 2 to receive; it has finished").
#pragma once

#include "mc/report/Violations.hpp"
#include "mc/runtime/ProgramImage.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <vector>

namespace rankfold::mc {

// The arguments of a call that say whom it concerns: "to rank 1, tag 0", "from any rank".
std::string describe_call(const mpi::RankCall& call);

BlockedRank describe_blocked(const mpi::MpiWorld& world, int rank, const mpi::RankCall& call,
                             const std::vector<bool>& finished, const ProgramImage& image);

} // namespace rankfold::mc
