// rankfold-run from argv to exit status: parse, supervise, load, run, report.
#pragma once

namespace rankfold::mc {

int rankfold_run(int argc, char** argv);

} // namespace rankfold::mc
