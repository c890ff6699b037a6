// subprocess: run a tool (the compiler, nm) and wait for it, its output captured or passed on.
#pragma once

#include <string>
#include <vector>

namespace rankfold::driver {

struct RunResult {
    int status = 0;    // exit status; 128 + N for a tool killed by signal N; 127: not started
    std::string out;   // its standard output, when captured
    std::string err;   // its standard error, when captured
    std::string error; // why the tool could not be started (status 127)
};

// Runs argv[0] (looked up in PATH) with argv. With capture, its standard output and error are
// collected in RunResult; without, it writes to ours.
RunResult run_tool(const std::vector<std::string>& argv, bool capture);

} // namespace rankfold::driver
