// A worker's report (ParallelWorker.hpp) as the Report message carries it to the coordinator,
// and the sum of the reports.
#pragma once

#include "mc/parallel/Message.hpp"
#include "mc/parallel/ParallelWorker.hpp"

namespace rankfold::mc::parallel {

void write_report(MessageWriter& out, const WorkerReport& report);
WorkerReport read_report(MessageReader& in);
// Counts summed (max_depth: the largest; seconds: the longest); findings appended.
void add_report(WorkerReport& t, const WorkerReport& r);

} // namespace rankfold::mc::parallel
