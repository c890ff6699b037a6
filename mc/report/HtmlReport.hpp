// --html FILE: the run's report as one self-contained page (no script, style or font from
// elsewhere, so it opens from a CI artifact without network): the verdict, for each violation
// its space-time diagram (SpaceTimeSvg), what went wrong and where, every step of the
// counterexample and the command that replays it; then the statistics.
#pragma once

#include "mc/report/Report.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace rankfold::mc {

// What the page says the run was.
struct RunHeading {
    std::string program;
    std::vector<std::string> arguments;
    int ranks = 0;
    std::string options; // "--buffering infinite", as given
};

std::string html_report(const RunResult& result, const RunHeading& heading);
// Returns false (after a message on `terminal_out`) if the file cannot be written.
bool write_html_report(const std::string& path, const RunResult& result, const RunHeading& heading,
                       FILE* terminal_out);

} // namespace rankfold::mc
