// PointToPoint::cancel, MPI_Cancel's effect on the queues (the entry point is ApiCancel.cpp).
#include "simulated-mpi/src/PointToPoint.hpp"

namespace rankfold::mpi {

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
    r.complete = true;
    r.cancelled = true;
    r.status_source = MPI_ANY_SOURCE;
    r.status_tag = MPI_ANY_TAG;
    r.status_bytes = 0;
    return true;
}

} // namespace rankfold::mpi
