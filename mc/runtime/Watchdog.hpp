// A rank that computes forever without an MPI call would hang the checker, which only gets
// control back at visible calls. The watchdog counts the CPU time of the current slice (a
// SIGVTALRM every second of CPU time); when one slice of one rank has run for the limit, the
// rank is stopped like a crash and reported as non-progress, with where it was looping.
#pragma once

#include <cstdint>

namespace rankfold::mc {

// Starts the timer; `seconds` == 0 leaves it off.
void start_watchdog(unsigned seconds);
// The scheduler calls this at every switch into a rank: a new slice starts.
void watchdog_new_slice();
// The limit the watchdog enforces, for the report.
unsigned watchdog_seconds();

} // namespace rankfold::mc
