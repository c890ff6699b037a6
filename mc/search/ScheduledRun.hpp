// Runs the program once, from its start to its end or first violation, taking at every choice
// point the choice a ScheduleStrategy picks.
#pragma once

#include "mc/report/Report.hpp"
#include "mc/search/Schedule.hpp"
#include "mc/system/MpiSystem.hpp"

namespace rankfold::mc {

RunResult run_schedule(MpiSystem& system, ScheduleStrategy& strategy);

// From the current (closed) state to the end of the path.
void finish_schedule(MpiSystem& system, ScheduleStrategy& strategy);

} // namespace rankfold::mc
