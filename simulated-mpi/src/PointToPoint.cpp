// PointToPoint: argument checks, posting sends and receives, the calls, the attached Bsend
// buffer. Persistent requests are in PointToPointPersistent.cpp, the fast path of blocking
// calls in PointToPointDirect.cpp, delivery in PointToPointDelivery.cpp.
#include "simulated-mpi/src/PointToPoint.hpp"

#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/PredefinedTypes.hpp"
#include "simulated-mpi/src/TypePacking.hpp"

#include <fmt/format.h>

#include <utility>

namespace rankfold::mpi {

namespace {
MPI_Request slot_handle(int slot) {
    return make_handle(RF_KIND_REQUEST, slot);
}
} // namespace

// ---- argument checks ----------------------------------------------------------------------

bool PointToPoint::check_send(WorldCore& core, int rank, const RankCall& call, SendArgs& a) {
    if (!core.comms.view_into(rank, a.comm, a.view))
        return core.fail(rank, call, MPI_ERR_COMM, invalid_comm_text(a.comm)), false;
    const WorldCore::CommView* v = &a.view;
    if (a.count < 0)
        return core.fail(rank, call, MPI_ERR_COUNT, fmt::format("negative count {}", a.count)),
               false;
    if (!a.layout && !(a.layout = core.usable_datatype(rank, call, a.type))) return false;
    // On an intercommunicator the destination is a rank of the remote group (MPI 3.1 §6.6).
    if (a.dest != MPI_PROC_NULL && (a.dest < 0 || a.dest >= v->remote_size))
        return core.fail(rank, call, MPI_ERR_RANK,
                         fmt::format("invalid destination rank {} ({} size {})", a.dest,
                                     v->inter ? "remote group" : "communicator", v->remote_size)),
               false;
    if (a.tag < 0 || a.tag > RF_TAG_UB)
        return core.fail(rank, call, MPI_ERR_TAG, fmt::format("invalid tag {} for a send", a.tag)),
               false;
    if (null_buffer_misuse(a.buffer, a.count, *a.layout))
        return core.fail(rank, call, MPI_ERR_BUFFER, Misuse::NullBuffer,
                         fmt::format("NULL buffer with count {}", a.count)),
               false;
    return true;
}

bool PointToPoint::check_receive(WorldCore& core, int rank, const RankCall& call, ReceiveArgs& a,
                                 bool probe) {
    if (!core.comms.view_into(rank, a.comm, a.view))
        return core.fail(rank, call, MPI_ERR_COMM, invalid_comm_text(a.comm)), false;
    const WorldCore::CommView* v = &a.view;
    if (a.source != MPI_PROC_NULL && a.source != MPI_ANY_SOURCE &&
        (a.source < 0 || a.source >= v->remote_size))
        return core.fail(rank, call, MPI_ERR_RANK,
                         fmt::format("invalid source rank {} ({} size {})", a.source,
                                     v->inter ? "remote group" : "communicator", v->remote_size)),
               false;
    if (a.tag != MPI_ANY_TAG && (a.tag < 0 || a.tag > RF_TAG_UB))
        return core.fail(rank, call, MPI_ERR_TAG,
                         fmt::format("invalid tag {} for a receive", a.tag)),
               false;
    if (probe) return true;
    if (a.count < 0)
        return core.fail(rank, call, MPI_ERR_COUNT, fmt::format("negative count {}", a.count)),
               false;
    if (!a.layout && !(a.layout = core.usable_datatype(rank, call, a.type))) return false;
    if (null_buffer_misuse(a.buffer, a.count, *a.layout))
        return core.fail(rank, call, MPI_ERR_BUFFER, Misuse::NullBuffer,
                         fmt::format("NULL buffer with count {}", a.count)),
               false;
    return true;
}

bool PointToPoint::check_probe(WorldCore& core, int rank, const RankCall& call) {
    ReceiveArgs a = receive_args(call);
    return check_receive(core, rank, call, a, true);
}

// ---- posting ------------------------------------------------------------------------------

void PointToPoint::fail_unreadable_send(WorldCore& core, int rank, const RankCall& call,
                                        const SendArgs& a) {
    core.fail(rank, call, MPI_ERR_BUFFER, Misuse::InvalidArgument,
              fmt::format("send buffer {} is not readable for {} x {}", a.buffer, a.count,
                          datatype_name(a.type)));
}

int PointToPoint::post_send(WorldCore& core, int rank, const RankCall& call, SendArgs a, int slot,
                            DirectMatch* direct) {
    if (!check_send(core, rank, call, a)) return -1;
    if (direct != nullptr) {
        bool failed = false;
        if (send_now(core, rank, call, a, *direct, failed)) return kMatchedNow;
        if (failed) return -1;
    }
    RequestTable& requests = core.requests;
    const bool fresh = slot < 0;
    if (fresh) slot = requests.create(rank);
    Request& req = requests.at(rank, slot);
    req.kind = Request::Kind::Send;
    req.mode = a.mode;
    req.active = true;
    req.complete = false;
    req.seen_complete = false;
    req.cancelled = false;
    req.peer = a.dest;
    req.tag = a.tag;
    req.comm = a.comm;
    req.buffer = reinterpret_cast<std::uintptr_t>(a.buffer);
    req.count = a.count;
    req.datatype = a.type;
    req.layout = a.layout;
    if (fresh) req.site = call.site;
    req.status_error = MPI_SUCCESS;
    if (a.dest == MPI_PROC_NULL) {
        req.complete = true;
        return slot;
    }

    Message m;
    if (!make_message(rank, a, m)) {
        if (fresh) requests.release(rank, slot);
        fail_unreadable_send(core, rank, call, a);
        return -1;
    }
    // Re-fetch: release/new_request may have moved the table.
    Request& r = requests.at(rank, slot);
    RankChannels& me = ranks_[rank];
    switch (a.mode) {
    case SendMode::Buffered: {
        const std::size_t need = m.payload.size() + MPI_BSEND_OVERHEAD;
        const std::size_t free = static_cast<std::size_t>(me.attached_size) - me.attached_used;
        if (need > free) {
            if (fresh) requests.release(rank, slot);
            core.fail(rank, call, MPI_ERR_BUFFER, Misuse::BufferSpace,
                      me.attached_buffer == 0
                          ? fmt::format(
                                "no buffer attached (needs {} bytes; see MPI_Buffer_attach)", need)
                          : fmt::format("attached buffer too small: needs {} bytes, {} of {} free",
                                        need, free, me.attached_size));
            return -1;
        }
        me.attached_used += need;
        m.buffered = need;
        r.complete = true;
        break;
    }
    case SendMode::Standard:
    case SendMode::Ready:
        r.complete = call.buffered >= 0 ? call.buffered == 1 : buffering_ == Buffering::Infinite;
        break;
    case SendMode::Synchronous:
        r.complete = false;
        break;
    }
    if (!r.complete) m.sender = RequestRef{rank, slot};
    if (r.complete) m.buffered_by = RequestRef{rank, slot};
    matching_.post_message(receiver_of(core, a), std::move(m));
    return slot;
}

int PointToPoint::post_receive(WorldCore& core, int rank, const RankCall& call, ReceiveArgs a,
                               int slot, bool queue, DirectMatch* direct) {
    if (!check_receive(core, rank, call, a, false)) return -1;
    if (direct != nullptr && receive_now(core, rank, call, a, *direct)) return kMatchedNow;
    const bool fresh = slot < 0;
    if (fresh) slot = core.requests.create(rank);
    Request& req = core.requests.at(rank, slot);
    req.kind = Request::Kind::Receive;
    req.active = true;
    req.complete = false;
    req.seen_complete = false;
    req.cancelled = false;
    req.peer = a.source;
    req.tag = a.tag;
    req.comm = a.comm;
    req.buffer = reinterpret_cast<std::uintptr_t>(a.buffer);
    req.count = a.count;
    req.datatype = a.type;
    req.layout = a.layout;
    req.sent = {};
    if (fresh) req.site = call.site;
    req.status_error = MPI_SUCCESS;
    if (a.source == MPI_PROC_NULL) {
        req.complete = true;
        req.status_source = MPI_PROC_NULL;
        req.status_tag = MPI_ANY_TAG;
        req.status_bytes = 0;
        return slot;
    }
    if (!queue) return slot;
    matching_.post_receive(rank, PostedReceive{next_post_id(rank), a.source, a.tag, a.view.id,
                                               RequestRef{rank, slot}});
    return slot;
}

// ---- the calls ----------------------------------------------------------------------------

bool PointToPoint::handles(CallKind kind) {
    switch (kind) {
    case CallKind::Send:
    case CallKind::Recv:
    case CallKind::Isend:
    case CallKind::Irecv:
    case CallKind::SendInit:
    case CallKind::RecvInit:
    case CallKind::Start:
    case CallKind::Startall:
    case CallKind::Sendrecv:
    case CallKind::SendrecvReplace:
    case CallKind::Isendrecv:
    case CallKind::IsendrecvReplace:
    case CallKind::Mrecv:
    case CallKind::Probe:
    case CallKind::BufferAttach:
    case CallKind::BufferDetach:
        return true;
    default:
        return false;
    }
}

Progress PointToPoint::issue(WorldCore& core, int rank, RankCall& call, DirectMatch* direct) {
    switch (call.kind) {
    case CallKind::Send:
    case CallKind::Recv:
    case CallKind::Isend:
    case CallKind::Irecv: {
        const bool send = call.kind == CallKind::Send || call.kind == CallKind::Isend;
        const bool blocking = call.kind == CallKind::Send || call.kind == CallKind::Recv;
        if (!blocking) direct = nullptr;
        const int slot = send
                             ? post_send(core, rank, call, send_args(call), -1, direct)
                             : post_receive(core, rank, call, receive_args(call), -1, true, direct);
        if (slot == kMatchedNow) return Progress::Done;
        if (slot < 0) return Progress::Failed;
        if (call.kind == CallKind::Send || call.kind == CallKind::Recv) {
            call.internal[0] = slot;
            return Progress::Blocked;
        }
        if (!write_out(call.requests, slot_handle(slot)))
            return core.fail(rank, call, MPI_ERR_ARG, "the request argument is not writable");
        return Progress::Done;
    }
    case CallKind::SendInit:
    case CallKind::RecvInit: {
        const int slot = create_persistent(core, rank, call);
        if (slot < 0) return Progress::Failed;
        if (!write_out(call.requests, slot_handle(slot)))
            return core.fail(rank, call, MPI_ERR_ARG, "the request argument is not writable");
        return Progress::Done;
    }
    case CallKind::Start:
    case CallKind::Startall:
        for (int i = 0; i < call.request_count; ++i) {
            MPI_Request h = MPI_REQUEST_NULL;
            if (!read_app(call.requests + i, h))
                return core.fail(rank, call, MPI_ERR_ARG, "the request array is not readable");
            if (!start(core, rank, call, h)) return Progress::Failed;
        }
        return Progress::Done;
    case CallKind::Sendrecv: {
        // MPI forbids the two buffers to share bytes (MPI 3.1 §3.10; MPI_Sendrecv_replace is
        // for that): checked once both are known to be valid.
        SendArgs out = send_args(call);
        ReceiveArgs in = receive_args(call);
        if (!check_receive(core, rank, call, in, false) || !check_send(core, rank, call, out))
            return Progress::Failed;
        if (buffers_overlap(out.buffer, out.count, *out.layout, in.buffer, in.count, *in.layout))
            return core.fail(rank, call, MPI_ERR_BUFFER, Misuse::BufferAliasing,
                             "the send and receive buffers overlap (use MPI_Sendrecv_replace to "
                             "send and receive in one buffer)");
        const int r = post_receive(core, rank, call, in);
        if (r < 0) return Progress::Failed;
        const int s = post_send(core, rank, call, out);
        if (s < 0) return Progress::Failed;
        call.internal = {r, s};
        return Progress::Blocked;
    }
    case CallKind::SendrecvReplace: {
        // The send packs its data when posted, so receiving into the same buffer is safe.
        const int s = post_send(core, rank, call, send_args(call));
        if (s < 0) return Progress::Failed;
        const int r = post_receive(core, rank, call, receive_args(call));
        if (r < 0) return Progress::Failed;
        call.internal = {r, s};
        return Progress::Blocked;
    }
    case CallKind::Isendrecv:
    case CallKind::IsendrecvReplace:
        return post_sendrecv(core, rank, call);
    case CallKind::Mrecv: {
        const int slot = receive_matched(core, rank, call);
        if (slot < 0) return Progress::Failed;
        if (call.requests == nullptr) { // MPI_Mrecv: done, its status written by complete()
            call.internal[0] = slot;
            return Progress::Blocked;
        }
        if (!write_out(call.requests, slot_handle(slot)))
            return core.fail(rank, call, MPI_ERR_ARG, "the request argument is not writable");
        return Progress::Done;
    }
    case CallKind::Probe:
        return check_probe(core, rank, call) ? Progress::Blocked : Progress::Failed;
    case CallKind::BufferAttach:
        return attach(core, rank, call);
    case CallKind::BufferDetach:
        return Progress::Blocked;
    default:
        return core.fail(rank, call, MPI_ERR_INTERN, "not a point-to-point call");
    }
}

// ---- the attached buffer ------------------------------------------------------------------

Progress PointToPoint::attach(WorldCore& core, int rank, const RankCall& call) {
    RankChannels& me = ranks_[rank];
    if (me.attached_buffer != 0)
        return core.fail(rank, call, MPI_ERR_BUFFER, Misuse::BufferSpace,
                         "a buffer is already attached");
    if (call.buffer_size < 0)
        return core.fail(rank, call, MPI_ERR_ARG,
                         fmt::format("negative size {}", call.buffer_size));
    me.attached_buffer = reinterpret_cast<std::uintptr_t>(call.buffer_address);
    me.attached_size = call.buffer_size;
    return Progress::Done;
}

Progress PointToPoint::complete_detach(int rank, const RankCall& call) {
    RankChannels& me = ranks_[rank];
    write_out(static_cast<void**>(call.buffer_address),
              reinterpret_cast<void*>(me.attached_buffer));
    write_out(call.size_out, me.attached_size);
    me.attached_buffer = 0;
    me.attached_size = 0;
    return Progress::Done;
}

} // namespace rankfold::mpi
