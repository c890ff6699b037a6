// Which outcomes MPI leaves open in a closed state, and how they are listed as transitions
// (EXPLORATION.md §1): the sender a wildcard receive takes, the request Waitany/Waitsome return,
// the message a blocking wildcard probe reports, whether a test says "done" yet (and which
// way), whether a pending MPI_Cancel succeeds or a partner still matches its operation (a held
// match, listed with the wildcard ones), under --buffering both whether a standard send is
// buffered, and when an RMA operation of a passive target epoch lands relative to the steps of the
// ranks that could see it.
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
    // Whether the step the closure would take for `rank` (issue or complete its call, then run
    // on) could see whether an open RMA landing happened: then it waits for the explorer,
    // which lists the landings and a LandingDeferred ("not yet") for it.
    bool landing_blocks(int rank) const;
    // Whether `rank` waits at an unlock or flush that would land operations some held-back
    // rank (landing_blocks) could see: issuing it would take the "landed" side of that choice,
    // so it waits for the explorer too (which lands them, or lets that rank go first).
    bool completion_held(int rank) {
        if (ranks_.status(rank) != RankStatus::AtCall) return false;
        // Only RMA and SHMEM calls complete landings (MpiWorld::landings_completed_by).
        const mpi::CallKind kind = ranks_.call(rank).kind;
        if (kind != mpi::CallKind::Rma && kind != mpi::CallKind::Shmem) return false;
        return completion_held_by_landings(rank);
    }
    // Every choice of the current closed state, in the order to try them: per rank, wildcard
    // matches by receive and sender, "not yet" after the ways a test can succeed.
    void list(std::vector<Transition>& out);

private:
    // completion_held for an RMA or SHMEM call at its rank's AtCall.
    bool completion_held_by_landings(int rank);

    SystemOptions options_;
    RankTable& ranks_;
    const mpi::MpiWorld& world_;
    mpi::OpenOutcomes outcomes_;
    std::vector<mpi::Match> matches_;
    std::vector<mpi::MatchingEngine::PendingCancel> cancels_;
    std::vector<mpi::MpiWorld::OpenLanding> landings_;
    std::vector<char> has_choice_; // per rank, while listing: 1 a choice, 2 held at a completion
    std::vector<int> completed_targets_;
};

// Calls that return at once with "not yet" or "done" (MPI_Test and friends, MPI_Iprobe,
// MPI_Win_test): the answer is the explorer's choice. (Inline, as the next one: the closure
// asks both for each rank in each sweep.)
inline bool polls(const mpi::RankCall& call) {
    return mpi::tests(call.kind) ||
           (call.kind == mpi::CallKind::Rma && call.rma.kind == mpi::RmaKind::Test);
}

// Calls whose completion has several ways to go once they are ready.
inline bool completion_with_outcome(const mpi::RankCall& call) {
    return call.kind == mpi::CallKind::Waitany || call.kind == mpi::CallKind::Waitsome ||
           call.kind == mpi::CallKind::Probe;
}

} // namespace rankfold::mc
