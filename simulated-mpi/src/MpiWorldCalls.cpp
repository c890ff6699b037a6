// MpiWorld: what each visible call does when issued, when it is ready, and how it completes.
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "snapshot/GuardedCopy.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::mpi {

bool MpiWorld::write_status(const RankCall& call, MPI_Status* status, int source, int tag,
                            int error, std::size_t bytes) {
    if (ignored(status)) return true;
    MPI_Status s{};
    s.MPI_SOURCE = source;
    s.MPI_TAG = tag;
    s.MPI_ERROR = error;
    s.rf_count_lo = static_cast<int>(bytes & 0xffffffffu);
    s.rf_count_hi_and_cancelled = static_cast<int>((bytes >> 32) & 0x7fffffff);
    return write_out(call, status, s);
}

bool MpiWorld::request_done(int rank, MPI_Request handle) const {
    if (handle == MPI_REQUEST_NULL) return true;
    const Request* r = request(rank, handle);
    return r == nullptr || !r->active || r->complete;
}

// ---- finishing requests -------------------------------------------------------------------

int MpiWorld::finish_request(int rank, MPI_Request* handle_ptr, MPI_Status* status,
                             const RankCall& call) {
    MPI_Request handle = MPI_REQUEST_NULL;
    if (!read_app(handle_ptr, handle)) {
        fail(rank, call, MPI_ERR_ARG,
             fmt::format("request array {} is not readable", fmt::ptr(handle_ptr)));
        return MPI_ERR_ARG;
    }
    Request* req = handle == MPI_REQUEST_NULL ? nullptr : requests_.find(rank, handle);
    if (req == nullptr || !req->active) {
        // A null or inactive request completes at once with an empty status.
        write_status(call, status, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_SUCCESS, 0);
        return MPI_SUCCESS;
    }
    const bool persistent = req->persistent;
    const int error = finish_slot(rank, *handle_index(handle, RF_KIND_REQUEST), status, call);
    if (!persistent) write_out(call, handle_ptr, MPI_REQUEST_NULL);
    return error;
}

int MpiWorld::finish_slot(int rank, int slot, MPI_Status* status, const RankCall& call) {
    Request* req = &requests_.at(rank, slot);
    const Request r = *req;
    if (!write_status(call, status, r.status_source, r.status_tag, r.status_error,
                      r.status_bytes)) {
        fail(rank, call, MPI_ERR_ARG, fmt::format("status {} is not writable", fmt::ptr(status)));
        return MPI_ERR_ARG;
    }
    if (r.persistent) {
        req->active = false;
        req->complete = false;
    } else {
        requests_.release(rank, slot);
    }
    if (r.status_error == MPI_ERR_TRUNCATE)
        fail(rank, call, MPI_ERR_TRUNCATE,
             fmt::format("message truncated: {} bytes arrived from rank {} (tag {}) but the "
                         "receive buffer holds {} ({} x {})",
                         r.message_bytes, r.status_source, r.status_tag, r.count * r.layout->size(),
                         r.count, datatype_name(r.datatype)));
    else if (r.status_error == MPI_ERR_TYPE)
        fail(rank, call, MPI_ERR_TYPE, Misuse::TypeMismatch, type_mismatch_text(r));
    else if (r.status_error == MPI_ERR_BUFFER)
        fail(rank, call, MPI_ERR_BUFFER, Misuse::InvalidArgument,
             fmt::format("receive buffer {:#x} is not writable", r.buffer));
    return r.status_error;
}

// Finishes a request the call created for itself (blocking send/receive).
static MPI_Request slot_handle(int slot) {
    return make_handle(RF_KIND_REQUEST, slot);
}

bool MpiWorld::starts_standard_send(int rank, const RankCall& start) const {
    MPI_Request h = MPI_REQUEST_NULL;
    if (start.request_count != 1 || !read_app(start.requests, h)) return false;
    const Request* r = request(rank, h);
    return r != nullptr && r->persistent && !r->active && r->kind == Request::Kind::Send &&
           r->mode == SendMode::Standard && r->peer != MPI_PROC_NULL;
}

// ---- issue --------------------------------------------------------------------------------

Progress MpiWorld::issue(int rank, RankCall& call) {
    call.issued = true;
    RankState& me = ranks_[rank];
    if (!me.initialized && call.kind != CallKind::Init)
        return fail(rank, call, MPI_ERR_OTHER, Misuse::CallBeforeInit, "called before MPI_Init");
    if (me.finalized)
        return fail(rank, call, MPI_ERR_OTHER,
                    call.kind == CallKind::Finalize ? Misuse::DoubleFinalize
                                                    : Misuse::CallAfterFinalize,
                    call.kind == CallKind::Finalize ? "MPI_Finalize was already called"
                                                    : "called after MPI_Finalize");
    switch (call.kind) {
    case CallKind::Init:
        if (me.initialized)
            return fail(rank, call, MPI_ERR_OTHER, Misuse::DoubleInit,
                        "MPI is already initialized");
        me.initialized = true;
        return Progress::Done;
    case CallKind::Finalize:
        me.finalized = true;
        return Progress::Done;
    case CallKind::Send:
    case CallKind::Recv:
    case CallKind::Isend:
    case CallKind::Irecv: {
        const bool send = call.kind == CallKind::Send || call.kind == CallKind::Isend;
        const int slot = send ? post_send(rank, call, send_args(call))
                              : post_receive(rank, call, receive_args(call));
        if (slot < 0) return Progress::Failed;
        if (call.kind == CallKind::Send || call.kind == CallKind::Recv) {
            call.internal[0] = slot;
            return Progress::Blocked;
        }
        if (!write_out(call, call.requests, slot_handle(slot)))
            return fail(rank, call, MPI_ERR_ARG, "the request argument is not writable");
        return Progress::Done;
    }
    case CallKind::SendInit:
    case CallKind::RecvInit: {
        const int slot = create_persistent(rank, call);
        if (slot < 0) return Progress::Failed;
        if (!write_out(call, call.requests, slot_handle(slot)))
            return fail(rank, call, MPI_ERR_ARG, "the request argument is not writable");
        return Progress::Done;
    }
    case CallKind::Start:
    case CallKind::Startall:
        for (int i = 0; i < call.request_count; ++i) {
            MPI_Request h = MPI_REQUEST_NULL;
            if (!read_app(call.requests + i, h))
                return fail(rank, call, MPI_ERR_ARG, "the request array is not readable");
            if (!start(rank, call, h)) return Progress::Failed;
        }
        return Progress::Done;
    case CallKind::Sendrecv: {
        const int r = post_receive(rank, call, receive_args(call));
        if (r < 0) return Progress::Failed;
        const int s = post_send(rank, call, send_args(call));
        if (s < 0) return Progress::Failed;
        call.internal = {r, s};
        return Progress::Blocked;
    }
    case CallKind::SendrecvReplace: {
        // The send packs its data when posted, so receiving into the same buffer is safe.
        const int s = post_send(rank, call, send_args(call));
        if (s < 0) return Progress::Failed;
        const int r = post_receive(rank, call, receive_args(call));
        if (r < 0) return Progress::Failed;
        call.internal = {r, s};
        return Progress::Blocked;
    }
    case CallKind::Probe: {
        ReceiveArgs a = receive_args(call);
        return check_receive(rank, call, a, true) ? Progress::Blocked : Progress::Failed;
    }
    case CallKind::BufferAttach:
        if (me.attached_buffer != 0)
            return fail(rank, call, MPI_ERR_BUFFER, Misuse::BufferSpace,
                        "a buffer is already attached");
        if (call.buffer_size < 0)
            return fail(rank, call, MPI_ERR_ARG, fmt::format("negative size {}", call.buffer_size));
        me.attached_buffer = reinterpret_cast<std::uintptr_t>(call.buffer_address);
        me.attached_size = call.buffer_size;
        return Progress::Done;
    case CallKind::BufferDetach:
        return Progress::Blocked;
    case CallKind::Collective:
        return issue_collective(rank, call);
    default:
        break;
    }
    return issue_completion(rank, call);
}

// The wait/test family and the other calls that operate on existing requests.
Progress MpiWorld::issue_completion(int rank, RankCall& call) {
    std::vector<MPI_Request> handles(static_cast<std::size_t>(std::max(call.request_count, 0)));
    for (int i = 0; i < call.request_count; ++i) {
        if (!read_app(call.requests + i, handles[i]))
            return fail(rank, call, MPI_ERR_ARG, "the request array is not readable");
        if (handles[i] != MPI_REQUEST_NULL && request(rank, handles[i]) == nullptr)
            return fail(rank, call, MPI_ERR_REQUEST,
                        fmt::format("invalid request handle {:#x}{}", handles[i],
                                    call.request_count > 1 ? fmt::format(" at index {}", i) : ""));
    }
    auto active_done = [&](int i) {
        const Request* r = request(rank, handles[i]);
        return r != nullptr && r->active && r->complete;
    };
    auto any_active = [&] {
        return std::ranges::any_of(handles, [&](MPI_Request h) {
            const Request* r = request(rank, h);
            return r != nullptr && r->active;
        });
    };

    switch (call.kind) {
    case CallKind::Wait:
    case CallKind::Waitall:
    case CallKind::Waitany:
    case CallKind::Waitsome:
        return Progress::Blocked;
    case CallKind::Test: {
        const bool done = call.outcome != 0 && request_done(rank, handles[0]);
        if (!write_out(call, call.flag, done ? 1 : 0))
            return fail(rank, call, MPI_ERR_ARG, "flag is not writable");
        if (done && finish_request(rank, call.requests, call.statuses, call) != MPI_SUCCESS)
            return Progress::Failed;
        return Progress::Done;
    }
    case CallKind::RequestGetStatus: {
        const bool done = request_done(rank, handles[0]);
        write_out(call, call.flag, done ? 1 : 0);
        const Request* r = request(rank, handles[0]);
        if (done && r != nullptr && r->active)
            write_status(call, call.statuses, r->status_source, r->status_tag, r->status_error,
                         r->status_bytes);
        else if (done)
            write_status(call, call.statuses, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_SUCCESS, 0);
        return Progress::Done;
    }
    case CallKind::Testall: {
        bool all = call.outcome != 0;
        for (MPI_Request h : handles) all = all && request_done(rank, h);
        write_out(call, call.flag, all ? 1 : 0);
        if (all) return complete(rank, call, 0);
        return Progress::Done;
    }
    case CallKind::Testany: {
        for (int i = 0; i < call.request_count; ++i)
            if (active_done(i) && (call.outcome < 0 || call.outcome == 1 + i)) {
                write_out(call, call.flag, 1);
                write_out(call, call.index, i);
                return finish_request(rank, call.requests + i, call.statuses, call) == MPI_SUCCESS
                           ? Progress::Done
                           : Progress::Failed;
            }
        const bool none_active = !any_active();
        write_out(call, call.flag, none_active ? 1 : 0);
        write_out(call, call.index, MPI_UNDEFINED);
        if (none_active)
            write_status(call, call.statuses, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_SUCCESS, 0);
        return Progress::Done;
    }
    case CallKind::Testsome:
        if (call.outcome == 0 && any_active()) {
            write_out(call, call.outcount, 0);
            return Progress::Done;
        }
        return complete(rank, call, 0);
    case CallKind::RequestFree: {
        Request* r = requests_.find(rank, handles[0]);
        if (r == nullptr)
            return fail(rank, call, MPI_ERR_REQUEST, Misuse::RequestState,
                        "MPI_REQUEST_NULL cannot be freed");
        if (r->active && !r->complete)
            r->user_freed = true;
        else
            requests_.release(rank, *handle_index(handles[0], RF_KIND_REQUEST));
        write_out(call, call.requests, MPI_REQUEST_NULL);
        return Progress::Done;
    }
    case CallKind::Iprobe: {
        ReceiveArgs a = receive_args(call);
        if (!check_receive(rank, call, a, true)) return Progress::Failed;
        std::vector<const Message*> candidates;
        probe_candidates(rank, call, candidates);
        const bool found =
            call.source == MPI_PROC_NULL || (call.outcome != 0 && !candidates.empty());
        write_out(call, call.flag, found ? 1 : 0);
        if (!found) return Progress::Done;
        return complete(rank, call, 0);
    }
    default:
        break;
    }
    return fail(rank, call, MPI_ERR_INTERN, "unhandled call kind");
}

} // namespace rankfold::mpi
