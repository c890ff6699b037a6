// Everything a run of rankfold-run is asked to do, as parsed from its command line.
#pragma once

#include "simulated-mpi/src/MpiWorld.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::mc {

struct RunOptions {
    int ranks = 0;
    std::string program;
    std::vector<std::string> arguments;
    mpi::Buffering buffering = mpi::Buffering::Zero;
    bool single_run = false;
    std::optional<std::uint64_t> seed; // random schedule instead of round-robin
    bool label = false;
    std::string json_path;
    std::size_t stack_size = std::size_t{8} << 20;
    std::size_t heap_size = std::size_t{1} << 30;
    bool fork = true;               // run under a supervisor process
    unsigned watchdog_seconds = 10; // CPU seconds a rank may run without a visible call
    bool page_sharing = true;       // --no-page-sharing stores full copies (to measure the saving)
    std::size_t memory_limit = 0;   // bytes the snapshot store may hold; 0: 3/4 of physical memory
    bool check_snapshots = false;   // --check-snapshots: the snapshot self-test
};

// Parses argv. On --help/--version or an error, prints and returns the exit status to use.
struct ParsedCommandLine {
    std::optional<RunOptions> options;
    int exit_status = 0;
};
ParsedCommandLine parse_command_line(int argc, char** argv);

} // namespace rankfold::mc
