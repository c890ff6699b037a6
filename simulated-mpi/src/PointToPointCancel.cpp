// PointToPoint::request_cancel and cancel, MPI_Cancel's effect on the queues (the entry point
// is ApiCancel.cpp). MPI 4.0 §3.8.4: a cancelled operation either is cancelled (no data moves)
// or completes normally, which it can while it is unmatched; so the call only marks it, and
// the explorer chooses between the cancel (mc/system transitions/CancelOutcome) and any match
// its partners can make (a held match, listed like a wildcard one).
#include "simulated-mpi/src/PointToPoint.hpp"

namespace rankfold::mpi {

bool PointToPoint::request_cancel(WorldCore& core, int rank, int slot) {
    const Request& r = core.requests.at(rank, slot);
    if (!r.active || r.cancelled || r.peer == MPI_PROC_NULL) return false;
    // A buffered send's request is complete already: a wait on it returns at once, so its
    // cancel cannot wait for a choice (README, "Limits today").
    if (r.kind == Request::Kind::Send && r.complete) return cancel(core, rank, slot);
    if (r.complete || (r.kind != Request::Kind::Send && r.kind != Request::Kind::Receive))
        return false;
    return matching_.mark_cancel(RequestRef{rank, slot}, r.kind == Request::Kind::Send);
}

bool PointToPoint::cancel(WorldCore& core, int rank, int slot) {
    Request& r = core.requests.at(rank, slot);
    if (!r.active || r.cancelled || r.peer == MPI_PROC_NULL) return false;
    const RequestRef ref{rank, slot};
    bool taken = false;
    if (r.kind == Request::Kind::Send && r.complete) {
        // Buffered: its message may still wait at the receiver; the attached space it held
        // comes back.
        const auto v = core.view(rank, r.comm);
        if (!v) return false;
        const int receiver = core.comms.communicator(v->id).members[v->remote_offset + r.peer];
        const auto m = matching_.withdraw_buffered(ref, receiver, r.tag, v->id);
        if (!m) return false;
        ranks_[rank].attached_used -= m->buffered;
        taken = true;
    } else if (!r.complete) {
        taken = r.kind == Request::Kind::Send      ? matching_.withdraw_message(ref)
                : r.kind == Request::Kind::Receive ? matching_.withdraw_receive(ref)
                                                   : false;
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

} // namespace rankfold::mpi
