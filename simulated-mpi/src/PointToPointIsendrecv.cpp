// PointToPoint::post_sendrecv: MPI_Isendrecv and MPI_Isendrecv_replace (MPI 4.0 §3.10.3). One
// request for both halves: the program's handle is the receive's request, the send half is a
// request of its own that releases itself when done, and the receive completes only once both
// have (RequestTable::finish and receive_arrived keep the link).
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/PointToPoint.hpp"
#include "simulated-mpi/src/TypePacking.hpp"

namespace rankfold::mpi {

Progress PointToPoint::post_sendrecv(WorldCore& core, int rank, RankCall& call) {
    SendArgs out = SendArgs{call.send_buffer, call.send_count, call.send_type, call.dest,
                            call.send_tag,    call.comm,       call.mode};
    ReceiveArgs in = ReceiveArgs{call.recv_buffer, call.recv_count, call.recv_type,
                                 call.source,      call.recv_tag,   call.comm};
    if (!check_receive(core, rank, call, in, false) || !check_send(core, rank, call, out))
        return Progress::Failed;
    const bool replace = call.kind == CallKind::IsendrecvReplace;
    if (!replace &&
        buffers_overlap(out.buffer, out.count, *out.layout, in.buffer, in.count, *in.layout))
        return core.fail(rank, call, MPI_ERR_BUFFER, Misuse::BufferAliasing,
                         "the send and receive buffers overlap (use MPI_Isendrecv_replace to "
                         "send and receive in one buffer)");
    // The send packs its data when posted, so the replace variant may receive into the same
    // buffer; the send goes first there, as the blocking MPI_Sendrecv_replace does.
    int s = replace ? post_send(core, rank, call, out) : -1;
    if (replace && s < 0) return Progress::Failed;
    const int r = post_receive(core, rank, call, in);
    if (r < 0) return Progress::Failed;
    if (!replace && (s = post_send(core, rank, call, out)) < 0) return Progress::Failed;
    Request& send = core.requests.at(rank, s);
    if (send.complete) {
        core.requests.release(rank, s); // buffered or to MPI_PROC_NULL: nothing to wait for
    } else {
        send.user_freed = true;
        send.part_of = r;
        Request& receive = core.requests.at(rank, r);
        receive.companion = s;
        if (receive.complete) { // from MPI_PROC_NULL: complete once the send is
            receive.complete = false;
            receive.arrived = true;
        }
    }
    if (!write_out(call.requests, make_handle(RF_KIND_REQUEST, r)))
        return core.fail(rank, call, MPI_ERR_ARG, "the request argument is not writable");
    return Progress::Done;
}

} // namespace rankfold::mpi
