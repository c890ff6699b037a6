// Completion: the wait/test family, probes and the other calls on existing requests — what
// they do when issued, and completing any blocked call once it is ready.
#include "simulated-mpi/src/Completion.hpp"
#include <climits>

#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/PredefinedTypes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace rankfold::mpi {

namespace {
Progress done_if(bool ok) {
    return ok ? Progress::Done : Progress::Failed;
}

// The calls that return an array of statuses: the only ones whose statuses carry the error.
bool writes_error(CallKind kind) {
    return kind == CallKind::Waitall || kind == CallKind::Testall || kind == CallKind::Waitsome ||
           kind == CallKind::Testsome;
}
} // namespace

bool Completion::write_status(MPI_Status* status, int source, int tag, int error, std::size_t bytes,
                              bool cancelled) {
    if (ignored(status)) return true;
    MPI_Status s{};
    if (error == kKeepError && !read_app(status, s)) return false;
    s.MPI_SOURCE = source;
    s.MPI_TAG = tag;
    if (error != kKeepError) s.MPI_ERROR = error;
    s.rf_count_lo = static_cast<int>(bytes & 0xffffffffu);
    s.rf_count_hi_and_cancelled =
        static_cast<int>((bytes >> 32) & 0x7fffffff) | (cancelled ? INT_MIN : 0);
    return write_out(status, s);
}

std::string Completion::type_mismatch_text(const Request& r) {
    const TypeSignature received = r.layout->signature().times(static_cast<std::uint64_t>(r.count));
    std::string text =
        fmt::format("type mismatch: rank {} sent {} (tag {}), received as {}", r.status_source,
                    r.sent.describe(), r.status_tag, received.describe());
    if (!predefined_index(r.datatype)) text += fmt::format(" ({})", datatype_name(r.datatype));
    const SignatureComparison c = compare_signatures(r.sent, received);
    if (c.common > 0) text += fmt::format("; they differ at basic element {}", c.common);
    return text;
}

// ---- finishing requests -------------------------------------------------------------------

int Completion::finish_request(int rank, MPI_Request* handle_ptr, MPI_Status* status,
                               const RankCall& call) {
    MPI_Request handle = MPI_REQUEST_NULL;
    if (!read_app(handle_ptr, handle)) {
        core_.fail(rank, call, MPI_ERR_ARG,
                   fmt::format("request array {} is not readable", fmt::ptr(handle_ptr)));
        return MPI_ERR_ARG;
    }
    Request* req = handle == MPI_REQUEST_NULL ? nullptr : core_.requests.find(rank, handle);
    if (req == nullptr || !req->active) {
        // A null or inactive request completes at once with an empty status.
        write_status(status, MPI_ANY_SOURCE, MPI_ANY_TAG,
                     writes_error(call.kind) ? MPI_SUCCESS : kKeepError, 0);
        return MPI_SUCCESS;
    }
    const bool persistent = req->persistent;
    const int error = finish_slot(rank, *handle_index(handle, RF_KIND_REQUEST), status, call);
    if (!persistent) write_out(handle_ptr, MPI_REQUEST_NULL);
    return error;
}

int Completion::finish_slot(int rank, int slot, MPI_Status* status, const RankCall& call) {
    Request* req = &core_.requests.at(rank, slot);
    if (!write_status(status, req->status_source, req->status_tag,
                      writes_error(call.kind) ? req->status_error : kKeepError, req->status_bytes,
                      req->cancelled)) {
        core_.fail(rank, call, MPI_ERR_ARG,
                   fmt::format("status {} is not writable", fmt::ptr(status)));
        return MPI_ERR_ARG;
    }
    if (req->kind == Request::Kind::Generalized)
        core_.ranks[rank].grequests_done.push_back(
            {req->grequest_query, req->grequest_free, req->buffer, status});
    // Copied only for an error's text, read after the release (a copy per completion was a
    // few percent of a blocking point-to-point stream).
    const std::optional<Request> failed =
        req->status_error != MPI_SUCCESS ? std::optional<Request>(*req) : std::nullopt;
    if (req->persistent) {
        req->active = false;
        req->complete = false;
    } else {
        core_.requests.release(rank, slot);
    }
    if (!failed) return MPI_SUCCESS;
    const Request& r = *failed;
    if (r.status_error == MPI_ERR_TRUNCATE)
        core_.fail(rank, call, MPI_ERR_TRUNCATE,
                   fmt::format("message truncated: {} bytes arrived from rank {} (tag {}) but the "
                               "receive buffer holds {} ({} x {})",
                               r.message_bytes, r.status_source, r.status_tag,
                               r.count * r.layout->size(), r.count, datatype_name(r.datatype)));
    else if (r.status_error == MPI_ERR_TYPE)
        core_.fail(rank, call, MPI_ERR_TYPE, Misuse::TypeMismatch, type_mismatch_text(r));
    else if (r.status_error == MPI_ERR_BUFFER)
        core_.fail(rank, call, MPI_ERR_BUFFER, Misuse::InvalidArgument,
                   fmt::format("receive buffer {:#x} is not writable", r.buffer));
    return r.status_error;
}

// A call on several requests reports their errors in the statuses' MPI_ERROR fields and
// returns MPI_ERR_IN_STATUS (MPI 3.1 §3.7.5); the sub-kind stays that of the request's error.
Progress Completion::in_status_failure(int rank) {
    if (core_.ranks[rank].failure) core_.ranks[rank].failure->code = MPI_ERR_IN_STATUS;
    return Progress::Failed;
}

// ---- issue --------------------------------------------------------------------------------

Progress Completion::issue(int rank, RankCall& call) {
    std::vector<MPI_Request> handles(static_cast<std::size_t>(std::max(call.request_count, 0)));
    for (int i = 0; i < call.request_count; ++i) {
        if (!read_app(call.requests + i, handles[i]))
            return core_.fail(rank, call, MPI_ERR_ARG, "the request array is not readable");
        if (handles[i] != MPI_REQUEST_NULL && query_.request(rank, handles[i]) == nullptr)
            return core_.fail(
                rank, call, MPI_ERR_REQUEST,
                fmt::format("invalid request handle {:#x}{}", handles[i],
                            call.request_count > 1 ? fmt::format(" at index {}", i) : ""));
    }
    auto active_done = [&](int i) {
        const Request* r = query_.request(rank, handles[i]);
        return r != nullptr && r->active && r->complete;
    };
    auto any_active = [&] {
        return std::ranges::any_of(handles, [&](MPI_Request h) {
            const Request* r = query_.request(rank, h);
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
        const bool done = call.outcome != 0 && query_.request_done(rank, handles[0]);
        if (!write_out(call.flag, done ? 1 : 0))
            return core_.fail(rank, call, MPI_ERR_ARG, "flag is not writable");
        if (done && finish_request(rank, call.requests, call.statuses, call) != MPI_SUCCESS)
            return Progress::Failed;
        return Progress::Done;
    }
    case CallKind::RequestGetStatus: {
        const bool done = query_.request_done(rank, handles[0]);
        write_out(call.flag, done ? 1 : 0);
        const Request* r = query_.request(rank, handles[0]);
        if (done && r != nullptr && r->active)
            core_.requests.find(rank, handles[0])->seen_complete = true;
        if (done && r != nullptr && r->active) {
            write_status(call.statuses, r->status_source, r->status_tag, kKeepError,
                         r->status_bytes, r->cancelled);
            // A generalized request's status is its query function's (MPI 3.1 §12.2: called
            // by MPI_Request_get_status too); the request stays, so its free function does not
            // run.
            if (r->kind == Request::Kind::Generalized)
                core_.ranks[rank].grequests_done.push_back(
                    {r->grequest_query, 0, r->buffer, call.statuses});
        } else if (done)
            write_status(call.statuses, MPI_ANY_SOURCE, MPI_ANY_TAG, kKeepError, 0);
        return Progress::Done;
    }
    case CallKind::Testall: {
        bool all = call.outcome != 0;
        for (MPI_Request h : handles) all = all && query_.request_done(rank, h);
        write_out(call.flag, all ? 1 : 0);
        if (all) return complete(rank, call, 0);
        return Progress::Done;
    }
    case CallKind::Testany: {
        for (int i = 0; i < call.request_count; ++i)
            if (active_done(i) && (call.outcome < 0 || call.outcome == 1 + i)) {
                write_out(call.flag, 1);
                write_out(call.index, i);
                return done_if(finish_request(rank, call.requests + i, call.statuses, call) ==
                               MPI_SUCCESS);
            }
        const bool none_active = !any_active();
        write_out(call.flag, none_active ? 1 : 0);
        write_out(call.index, MPI_UNDEFINED);
        if (none_active) write_status(call.statuses, MPI_ANY_SOURCE, MPI_ANY_TAG, kKeepError, 0);
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
            return core_.fail(rank, call, MPI_ERR_REQUEST, Misuse::RequestState,
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
        const bool found = call.source == MPI_PROC_NULL ||
                           (call.outcome != 0 && !query_.probe_candidates(rank, call).empty());
        write_out(call.flag, found ? 1 : 0);
        if (!found) return Progress::Done;
        return complete(rank, call, 0);
    }
    default:
        break;
    }
    return core_.fail(rank, call, MPI_ERR_INTERN, "unhandled call kind");
}

// ---- complete -----------------------------------------------------------------------------

Progress Completion::complete(int rank, RankCall& call, int choice) {
    switch (call.kind) {
    case CallKind::Send:
    case CallKind::Collective:
        core_.requests.release(rank, call.internal[0]);
        return Progress::Done;
    case CallKind::Recv:
    case CallKind::Mrecv:
        return done_if(finish_slot(rank, call.internal[0], call.statuses, call) == MPI_SUCCESS);
    case CallKind::Sendrecv:
    case CallKind::SendrecvReplace:
        core_.requests.release(rank, call.internal[1]);
        return done_if(finish_slot(rank, call.internal[0], call.statuses, call) == MPI_SUCCESS);
    case CallKind::Wait:
        return done_if(finish_request(rank, call.requests, call.statuses, call) == MPI_SUCCESS);
    case CallKind::Waitall:
    case CallKind::Testall: {
        bool ok = true;
        for (int i = 0; i < call.request_count; ++i)
            ok = finish_request(rank, call.requests + i, status_at(call.statuses, i), call) ==
                     MPI_SUCCESS &&
                 ok;
        return ok ? Progress::Done : in_status_failure(rank);
    }
    case CallKind::Waitany: {
        if (call.outcome >= 0) choice = query_.ordinal_of_key(rank, call, call.outcome);
        int seen = 0;
        for (int i = 0; i < call.request_count; ++i) {
            const Request* r = query_.request_at(rank, call, i);
            if (r == nullptr || !r->active || !r->complete) continue;
            if (seen++ != choice) continue;
            write_out(call.index, i);
            return done_if(finish_request(rank, call.requests + i, call.statuses, call) ==
                           MPI_SUCCESS);
        }
        write_out(call.index, MPI_UNDEFINED);
        write_status(call.statuses, MPI_ANY_SOURCE, MPI_ANY_TAG, kKeepError, 0);
        return Progress::Done;
    }
    case CallKind::Waitsome:
    case CallKind::Testsome:
        return complete_some(rank, call);
    case CallKind::Probe:
    case CallKind::Iprobe:
        return complete_probe(rank, call, choice);
    case CallKind::BufferDetach:
        return p2p_.complete_detach(rank, call);
    default:
        return Progress::Done;
    }
}

Progress Completion::complete_some(int rank, RankCall& call) {
    int out = 0;
    bool any_active = false, ok = true;
    for (int i = 0; i < call.request_count; ++i) {
        const Request* r = query_.request_at(rank, call, i);
        if (r == nullptr || !r->active) continue;
        any_active = true;
        if (!r->complete) continue;
        // A chosen outcome names the subset (bit i: position i) that completes now.
        if (call.outcome > 0 && (i > 30 || (call.outcome >> i & 1) == 0)) continue;
        write_out(call.indices + out, i);
        ok = finish_request(rank, call.requests + i, status_at(call.statuses, out), call) ==
                 MPI_SUCCESS &&
             ok;
        ++out;
    }
    write_out(call.outcount, any_active ? out : MPI_UNDEFINED);
    return ok ? Progress::Done : in_status_failure(rank);
}

Progress Completion::complete_probe(int rank, RankCall& call, int choice) {
    if (call.source == MPI_PROC_NULL) {
        write_status(call.statuses, MPI_PROC_NULL, MPI_ANY_TAG, kKeepError, 0);
        if (call.message != nullptr && !write_out(call.message, MPI_MESSAGE_NO_PROC))
            return core_.fail(rank, call, MPI_ERR_ARG, "the message argument is not writable");
        return Progress::Done;
    }
    if (call.outcome >= 0) {
        const int sender = call.kind == CallKind::Iprobe ? call.outcome - 1 : call.outcome;
        choice = std::max(0, query_.ordinal_of_key(rank, call, sender));
    }
    const std::vector<const Message*> candidates = query_.probe_candidates(rank, call);
    const Message& m = *candidates.at(static_cast<std::size_t>(choice));
    // Seen by a probe, a message is no longer one its sender's pending cancel may take back.
    if (m.cancel_pending) p2p_.probe_decides_cancel(core_, rank, m);
    if (!write_status(call.statuses, m.source, m.tag, kKeepError, m.payload.size()))
        return core_.fail(rank, call, MPI_ERR_ARG, "status is not writable");
    // MPI_Mprobe/MPI_Improbe: the message leaves the queue, for MPI_Mrecv alone.
    if (call.message != nullptr && !write_out(call.message, p2p_.take_matched(rank, call, m)))
        return core_.fail(rank, call, MPI_ERR_ARG, "the message argument is not writable");
    return Progress::Done;
}

} // namespace rankfold::mpi
