// Everything the rest of a run depends on, taken at a scheduling point (no rank running): one
// saved part per component registered in the system's StateRegistry (SystemState.hpp) — the
// application's memory, the simulated MPI state, each rank's control state, the closure's own
// flag, the monitors' state — plus the 128-bit fingerprint of it all. Restoring it makes every
// rank resume as if it had never left.
#pragma once

#include "snapshot/StateRegistry.hpp"

namespace rankfold::mc {

using SystemSnapshot = snapshot::StateSnapshot;

} // namespace rankfold::mc
