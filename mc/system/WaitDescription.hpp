// Explains a blocked rank for a deadlock report: the call with its arguments, and what it
// waits for ("a message from rank 1 with tag 0", "rank 2 to receive; it has finished"); and
// the end state of a path, for the monitors: who finished, who is stuck where.
#pragma once

#include "mc/report/Violations.hpp"
#include "mc/runtime/ProgramImage.hpp"
#include "mc/runtime/RankRuntime.hpp"
#include "properties/Event.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <vector>

namespace rankfold::mc {

// The arguments of a call that say whom it concerns: "to rank 1, tag 0", "from any rank".
std::string describe_call(const mpi::RankCall& call);

BlockedRank describe_blocked(const mpi::MpiWorld& world, int rank, const mpi::RankCall& call,
                             const std::vector<bool>& finished, const ProgramImage& image);

// Nothing can happen any more: the ranks that finished, and each blocked rank (or rank polling
// with a test that can only say "not yet", as stuck as a blocked one) with what it waits for.
properties::EndStateEvent end_state_event(const RankRuntime& runtime, const mpi::MpiWorld& world);

} // namespace rankfold::mc
