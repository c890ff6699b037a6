// What a visible call does to its rank (Progress), the MPI error it may end in (MpiFailure), the
// outcomes left open to the explorer (OpenOutcomes), and how standard-mode sends are buffered
// (Buffering): the results and settings of MpiWorld that the checker spells.
#pragma once

#include "simulated-mpi/interface/Misuse.hpp"

#include <mpi.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::mpi {

enum class Buffering : std::uint8_t { Zero, Infinite };

enum class Progress : std::uint8_t {
    Done,    // the call returned; the rank may run on
    Blocked, // the call waits; complete() it once ready()
    Failed,  // an MPI error (see failure()); with MPI_ERRORS_ARE_FATAL the run ends
};

struct MpiFailure {
    int code = MPI_SUCCESS;
    std::optional<Misuse> misuse; // none for an internal error of the runtime
    std::string message;
    friend bool operator==(const MpiFailure&, const MpiFailure&) = default;
};

// For a Test-family call or Iprobe before it is issued, or a ready Waitany/Waitsome/Probe:
// whether its outcome is the explorer's to choose, and the keys of the ways it can complete now
// (see MpiWorld::open_outcomes).
struct OpenOutcomes {
    bool open = false;
    std::vector<int> done;
};

} // namespace rankfold::mpi
