// What one transition's closure did to the ranks (Effects, Transition.hpp), noted while it
// runs:
// - `ran`: the rank whose choice it was, every rank whose code it ran, every rank a message was
//   posted to or taken from, the sender of a match that gives back attached-buffer space (its
//   next MPI_Bsend may then succeed);
// - `resumed`: instead of `ran`, a rank whose deterministic blocking call (a wait, a specific
//   receive) the closure completed, for everything that rank's code then does: in the other
//   order the same code runs in the closure that took the rank into the call, to the same end;
// - `requests`: the sender of a match that completes its send request (a synchronous or
//   unbuffered send);
// - `observed`: ranks that looked at their requests or queue without blocking (a test, an
//   Iprobe, a request's status, a Waitany or Waitsome that returned).
// Everything else a closure can do (collectives, one-sided and OpenSHMEM calls, lock grants,
// landings) sets every bit.
//
// Source sets need it: a choice enables choices of other ranks through its closure (a message
// posted to a rank gives that rank's wildcard receive a new sender), which the dependency
// table does not show (sleep sets do not need it). SourceSets::dependent says how the masks of
// two transitions order them.
#pragma once

#include "mc/search/Transition.hpp"
#include "simulated-mpi/interface/RankCall.hpp"

#include <cstdint>

namespace rankfold::mc {

class ClosureEffects {
public:
    static constexpr std::uint64_t kAll = ~std::uint64_t{0};

    // Off by default: the closure then notes nothing (and costs nothing).
    void enable() { on_ = true; }
    bool on() const { return on_; }
    // A closure starts: `rank` is the one whose choice it takes.
    void begin(int rank) {
        effects_ = {};
        continuing_ = 0;
        effects_.ran = process_bit(rank);
    }
    // The rank's code runs (a call issued or completed, the rank resumed).
    void ran_code(int rank) {
        if (!on_) return;
        const std::uint64_t b = process_bit(rank);
        if ((continuing_ & b) != 0 && (effects_.ran & b) == 0)
            effects_.resumed |= b;
        else
            effects_.ran |= b;
    }
    // A message was posted to the rank's queue or taken from it.
    void queue(int rank) {
        if (on_) effects_.ran |= process_bit(rank);
    }
    // The closure completes the rank's deterministic blocking call.
    void unblocked(int rank) {
        if (on_) continuing_ |= process_bit(rank);
    }
    void completed_request(int rank) {
        if (on_) effects_.requests |= process_bit(rank);
    }
    void observed(int rank) {
        if (on_) effects_.observed |= process_bit(rank);
    }
    void everything() {
        if (on_) effects_ = {kAll, kAll, kAll, kAll};
    }
    const Effects& effects() const { return effects_; }

private:
    bool on_ = false;
    Effects effects_;
    std::uint64_t continuing_ = 0; // unblocked: their code's steps count as `resumed`
};

// Whether a call may change what every rank can do next. MPI_Init, MPI_Finalize, point-to-point
// calls, waits, tests, probes and the attached buffer act on their own rank and the ranks they
// post messages to (MpiSystem notes those). Every other call (collectives, one-sided and
// OpenSHMEM calls act on objects all ranks share; a kind added later) acts on every rank.
constexpr bool touches_every_rank(mpi::CallKind kind) {
    switch (kind) {
    case mpi::CallKind::Init: // both only mark the rank (MpiWorld::issue)
    case mpi::CallKind::Finalize:
    case mpi::CallKind::Send:
    case mpi::CallKind::Recv:
    case mpi::CallKind::Isend:
    case mpi::CallKind::Irecv:
    case mpi::CallKind::SendInit:
    case mpi::CallKind::RecvInit:
    case mpi::CallKind::Start:
    case mpi::CallKind::Startall:
    case mpi::CallKind::Wait:
    case mpi::CallKind::Waitall:
    case mpi::CallKind::Waitany:
    case mpi::CallKind::Waitsome:
    case mpi::CallKind::Test:
    case mpi::CallKind::Testall:
    case mpi::CallKind::Testany:
    case mpi::CallKind::Testsome:
    case mpi::CallKind::RequestGetStatus:
    case mpi::CallKind::RequestFree:
    case mpi::CallKind::Probe:
    case mpi::CallKind::Iprobe:
    case mpi::CallKind::Sendrecv:
    case mpi::CallKind::SendrecvReplace:
    case mpi::CallKind::Isendrecv:
    case mpi::CallKind::IsendrecvReplace:
    case mpi::CallKind::BufferAttach:
    case mpi::CallKind::BufferDetach:
        return false;
    default:
        return true;
    }
}

// Calls whose result depends on whether the rank's requests have completed, without waiting for
// them: issuing one observes them (Waitany and Waitsome observe when they return).
constexpr bool observes_requests(mpi::CallKind kind) {
    return mpi::tests(kind) || kind == mpi::CallKind::RequestGetStatus;
}

} // namespace rankfold::mc
