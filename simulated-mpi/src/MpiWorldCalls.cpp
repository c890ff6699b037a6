// MpiWorld: what each visible call does when issued, when it is ready, and how it completes.
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "snapshot/GuardedCopy.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::mpi {

bool MpiWorld::write_status(MPI_Status* status, int source, int tag, int error, std::size_t bytes) {
    if (ignored(status)) return true;
    MPI_Status s{};
    s.MPI_SOURCE = source;
    s.MPI_TAG = tag;
    s.MPI_ERROR = error;
    s.rf_count_lo = static_cast<int>(bytes & 0xffffffffu);
    s.rf_count_hi_and_cancelled = static_cast<int>((bytes >> 32) & 0x7fffffff);
    return write_out(status, s);
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
    Request* req = handle == MPI_REQUEST_NULL ? nullptr : core_.requests.find(rank, handle);
    if (req == nullptr || !req->active) {
        // A null or inactive request completes at once with an empty status.
        write_status(status, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_SUCCESS, 0);
        return MPI_SUCCESS;
    }
    const bool persistent = req->persistent;
    const int error = finish_slot(rank, *handle_index(handle, RF_KIND_REQUEST), status, call);
    if (!persistent) write_out(handle_ptr, MPI_REQUEST_NULL);
    return error;
}

int MpiWorld::finish_slot(int rank, int slot, MPI_Status* status, const RankCall& call) {
    Request* req = &core_.requests.at(rank, slot);
    const Request r = *req;
    if (!write_status(status, r.status_source, r.status_tag, r.status_error, r.status_bytes)) {
        fail(rank, call, MPI_ERR_ARG, fmt::format("status {} is not writable", fmt::ptr(status)));
        return MPI_ERR_ARG;
    }
    if (r.persistent) {
        req->active = false;
        req->complete = false;
    } else {
        core_.requests.release(rank, slot);
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
    RankState& me = core_.ranks[rank];
    if (!me.initialized && call.kind != CallKind::Init)
        return fail(rank, call, MPI_ERR_OTHER, Misuse::CallBeforeInit, "called before MPI_Init");
    if (me.finalized)
        return fail(rank, call, MPI_ERR_OTHER,
                    call.kind == CallKind::Finalize ? Misuse::DoubleFinalize
                                                    : Misuse::CallAfterFinalize,
                    call.kind == CallKind::Finalize ? "MPI_Finalize was already called"
                                                    : "called after MPI_Finalize");
    if (PointToPoint::handles(call.kind)) return p2p_.issue(core_, rank, call);
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
        if (!write_out(call.flag, done ? 1 : 0))
            return fail(rank, call, MPI_ERR_ARG, "flag is not writable");
        if (done && finish_request(rank, call.requests, call.statuses, call) != MPI_SUCCESS)
            return Progress::Failed;
        return Progress::Done;
    }
    case CallKind::RequestGetStatus: {
        const bool done = request_done(rank, handles[0]);
        write_out(call.flag, done ? 1 : 0);
        const Request* r = request(rank, handles[0]);
        if (done && r != nullptr && r->active)
            write_status(call.statuses, r->status_source, r->status_tag, r->status_error,
                         r->status_bytes);
        else if (done)
            write_status(call.statuses, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_SUCCESS, 0);
        return Progress::Done;
    }
    case CallKind::Testall: {
        bool all = call.outcome != 0;
        for (MPI_Request h : handles) all = all && request_done(rank, h);
        write_out(call.flag, all ? 1 : 0);
        if (all) return complete(rank, call, 0);
        return Progress::Done;
    }
    case CallKind::Testany: {
        for (int i = 0; i < call.request_count; ++i)
            if (active_done(i) && (call.outcome < 0 || call.outcome == 1 + i)) {
                write_out(call.flag, 1);
                write_out(call.index, i);
                return finish_request(rank, call.requests + i, call.statuses, call) == MPI_SUCCESS
                           ? Progress::Done
                           : Progress::Failed;
            }
        const bool none_active = !any_active();
        write_out(call.flag, none_active ? 1 : 0);
        write_out(call.index, MPI_UNDEFINED);
        if (none_active) write_status(call.statuses, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_SUCCESS, 0);
        return Progress::Done;
    }
    case CallKind::Testsome:
        if (call.outcome == 0 && any_active()) {
            write_out(call.outcount, 0);
            return Progress::Done;
        }
        return complete(rank, call, 0);
    case CallKind::RequestFree: {
        Request* r = core_.requests.find(rank, handles[0]);
        if (r == nullptr)
            return fail(rank, call, MPI_ERR_REQUEST, Misuse::RequestState,
                        "MPI_REQUEST_NULL cannot be freed");
        if (r->active && !r->complete)
            r->user_freed = true;
        else
            core_.requests.release(rank, *handle_index(handles[0], RF_KIND_REQUEST));
        write_out(call.requests, MPI_REQUEST_NULL);
        return Progress::Done;
    }
    case CallKind::Iprobe: {
        if (!PointToPoint::check_probe(core_, rank, call)) return Progress::Failed;
        std::vector<const Message*> candidates;
        p2p_.probe_candidates(core_, rank, call, candidates);
        const bool found =
            call.source == MPI_PROC_NULL || (call.outcome != 0 && !candidates.empty());
        write_out(call.flag, found ? 1 : 0);
        if (!found) return Progress::Done;
        return complete(rank, call, 0);
    }
    default:
        break;
    }
    return fail(rank, call, MPI_ERR_INTERN, "unhandled call kind");
}

} // namespace rankfold::mpi
