// Which outcomes MPI leaves open in a closed state, and how they are listed as transitions
// (EXPLORATION.md §1): the sender a wildcard receive takes, the request Waitany/Waitsome return,
// the message a blocking wildcard probe reports, whether a test says "done" yet (and which
// way), and under --buffering both whether a standard send is buffered.
//
// MpiSystem asks it during the closure (a rank whose call waits for one of these choices is
// left where it is) and when the explorer asks for the choices of a closed state.
#pragma once

#include "mc/runtime/RankTable.hpp"
#include "mc/search/Transition.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"

#include <vector>

namespace rankfold::mc {

struct SystemOptions {
    bool both_buffering = false; // every standard-mode send is a choice
};

class OpenChoices {
public:
    OpenChoices(SystemOptions options, RankTable& ranks, const mpi::MpiWorld& world)
        : options_(options), ranks_(ranks), world_(world) {}

    // Whether the call `rank` waits in (AtCall) is a standard send whose buffering is open.
    bool buffering_open(int rank) const;
    // For a test AtCall, or a ready Waitany/Waitsome/Probe: whether its outcome is the
    // explorer's to choose. If not, the call's `outcome` is set to the one way it goes (or -1).
    bool outcome_open(int rank);
    // Every choice of the current closed state, in the order to try them: per rank, wildcard
    // matches by receive and sender, "not yet" after the ways a test can succeed.
    void list(std::vector<Transition>& out);

private:
    SystemOptions options_;
    RankTable& ranks_;
    const mpi::MpiWorld& world_;
    mpi::OpenOutcomes outcomes_;
    std::vector<mpi::Match> matches_;
};

// Calls whose completion has several ways to go once they are ready.
bool completion_with_outcome(const mpi::RankCall& call);

} // namespace rankfold::mc
