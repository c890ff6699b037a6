// Where an RMA operation takes effect: its data lands in the target's window memory (and, for a
// fetching operation, the target's data lands in the origin's result buffer). All ranks live in
// one process, so the target's window is reachable at its own address; the guarded copies make
// a bad address a reported failure, never a crash of the checker.
#pragma once

#include "simulated-mpi/src/Window.hpp"

#include <string>

namespace rankfold::mpi {

// Applies `op` of an origin to `target` (its member entry in the same window). On failure
// returns false with the reason in `why`.
bool land(const PendingRma& op, const WindowMember& target, std::string& why);

// Lands the `index`-th pending operation of `origin` (rank in `w`'s group), removes it from
// the queue and reports the delivery to the installed RankGate.
bool land_and_report(Window& w, int origin, std::size_t index, std::string& why);

// Lands the pending operations of `origin` (rank in `w`'s group) whose target is `target`, or
// every target when `target` is -1, in the order the origin issued them; they are removed.
bool land_pending(Window& w, int origin, int target, std::string& why);

} // namespace rankfold::mpi
