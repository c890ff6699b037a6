// PointToPoint::request_cancel and cancel, MPI_Cancel's effect on the queues (the entry point
// is ApiCancel.cpp). MPI 4.0 §3.8.4: a cancelled operation either is cancelled (no data moves)
// or completes normally, which it can while it is unmatched; so the call only marks it, and
// the explorer chooses between the cancel (mc/system transitions/CancelOutcome) and any match
// its partners can make (a held match, listed like a wildcard one). So for a buffered send
// too, whose request completed at its call: a wait after the cancel must say which it was.
#include "simulated-mpi/src/PointToPoint.hpp"

namespace rankfold::mpi {

bool PointToPoint::request_cancel(WorldCore& core, int rank, int slot) {
    Request& r = core.requests.at(rank, slot);
    if (!r.active || r.cancelled || r.peer == MPI_PROC_NULL) return false;
    const RequestRef ref{rank, slot};
    if (r.kind == Request::Kind::Send && r.complete) {
        // Buffered (complete at its call): its message may still wait at the receiver. The
        // request is then incomplete again until the explorer's outcome, which a wait must
        // report; the message names it as its sender, so that a match completes it.
        const auto v = core.view(rank, r.comm);
        if (!v) return false;
        const int receiver = core.comms.communicator(v->id).members[v->remote_offset + r.peer];
        if (!matching_.mark_buffered_cancel(ref, receiver, r.tag, v->id)) return false;
        r.complete = false;
        return true;
    }
    if (r.complete || (r.kind != Request::Kind::Send && r.kind != Request::Kind::Receive))
        return false;
    return matching_.mark_cancel(ref, r.kind == Request::Kind::Send);
}

bool PointToPoint::cancel(WorldCore& core, int rank, int slot) {
    Request& r = core.requests.at(rank, slot);
    if (!r.active || r.cancelled || r.complete || r.peer == MPI_PROC_NULL) return false;
    const RequestRef ref{rank, slot};
    bool taken = false;
    if (r.kind == Request::Kind::Send) {
        const auto m = matching_.withdraw_message(ref);
        taken = m.has_value();
        // A buffered send's attached space comes back.
        if (m) ranks_[rank].attached_used -= m->buffered;
    } else if (r.kind == Request::Kind::Receive) {
        taken = matching_.withdraw_receive(ref);
    }
    if (!taken) return false;
    r.cancelled = true;
    r.status_source = MPI_ANY_SOURCE;
    r.status_tag = MPI_ANY_TAG;
    r.status_bytes = 0;
    // Complete; released if the program freed it while its cancel was pending.
    core.requests.finish(rank, slot);
    return true;
}

void PointToPoint::probe_decides_cancel(WorldCore& core, int rank, const Message& message) {
    const RequestRef reopened = matching_.cancel_fails(rank, message.id);
    if (reopened.valid()) core.requests.finish(reopened.rank, reopened.slot);
}

} // namespace rankfold::mpi
