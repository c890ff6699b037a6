// MpiWorld: when a blocked call is ready, how many ways it can complete, and completing it.
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/Handles.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::mpi {

// ---- readiness and completion -------------------------------------------------------------

bool MpiWorld::ready(int rank, const RankCall& call) const {
    // The blocking point-to-point calls are most of all calls: answer them first and cheaply.
    if (call.kind == CallKind::Send || call.kind == CallKind::Recv)
        return core_.requests.at(rank, call.internal[0]).complete;
    auto slot_done = [&](int slot) { return core_.requests.at(rank, slot).complete; };
    auto handle_at = [&](int i) {
        MPI_Request h = MPI_REQUEST_NULL;
        read_app(call.requests + i, h);
        return h;
    };
    switch (call.kind) {
    case CallKind::Send:
    case CallKind::Recv:
        return slot_done(call.internal[0]);
    case CallKind::Sendrecv:
    case CallKind::SendrecvReplace:
        return slot_done(call.internal[0]) && slot_done(call.internal[1]);
    case CallKind::Wait:
    case CallKind::Waitall:
        for (int i = 0; i < call.request_count; ++i)
            if (!request_done(rank, handle_at(i))) return false;
        return true;
    case CallKind::Waitany:
    case CallKind::Waitsome: {
        bool any_active = false;
        for (int i = 0; i < call.request_count; ++i) {
            const Request* r = request(rank, handle_at(i));
            if (r != nullptr && r->active) {
                if (r->complete) return true;
                any_active = true;
            }
        }
        return !any_active;
    }
    case CallKind::Probe: {
        if (call.source == MPI_PROC_NULL) return true;
        std::vector<const Message*> candidates;
        p2p_.probe_candidates(core_, rank, call, candidates);
        return !candidates.empty();
    }
    case CallKind::BufferDetach:
        return p2p_.detach_ready(rank);
    case CallKind::Collective:
        return slot_done(call.internal[0]);
    default:
        return true;
    }
}

int MpiWorld::completion_choices(int rank, const RankCall& call) const {
    if (call.kind != CallKind::Probe && call.kind != CallKind::Waitany) return 1;
    if (call.kind == CallKind::Probe && call.source != MPI_PROC_NULL) {
        std::vector<const Message*> candidates;
        p2p_.probe_candidates(core_, rank, call, candidates);
        return std::max<int>(1, static_cast<int>(candidates.size()));
    }
    if (call.kind == CallKind::Waitany) {
        int n = 0;
        for (int i = 0; i < call.request_count; ++i) {
            MPI_Request h = MPI_REQUEST_NULL;
            read_app(call.requests + i, h);
            const Request* r = request(rank, h);
            n += r != nullptr && r->active && r->complete;
        }
        return std::max(1, n);
    }
    return 1;
}

// A call on several requests reports their errors in the statuses' MPI_ERROR fields and
// returns MPI_ERR_IN_STATUS (MPI 3.1 §3.7.5); the sub-kind stays that of the request's error.
Progress MpiWorld::in_status_failure(int rank) {
    if (core_.ranks[rank].failure) core_.ranks[rank].failure->code = MPI_ERR_IN_STATUS;
    return Progress::Failed;
}

Progress MpiWorld::complete(int rank, RankCall& call, int choice) {
    switch (call.kind) {
    case CallKind::Send:
        core_.requests.release(rank, call.internal[0]);
        return Progress::Done;
    case CallKind::Recv:
        return finish_slot(rank, call.internal[0], call.statuses, call) == MPI_SUCCESS
                   ? Progress::Done
                   : Progress::Failed;
    case CallKind::Sendrecv:
    case CallKind::SendrecvReplace: {
        core_.requests.release(rank, call.internal[1]);
        return finish_slot(rank, call.internal[0], call.statuses, call) == MPI_SUCCESS
                   ? Progress::Done
                   : Progress::Failed;
    }
    case CallKind::Collective:
        core_.requests.release(rank, call.internal[0]);
        return Progress::Done;
    case CallKind::Wait:
        return finish_request(rank, call.requests, call.statuses, call) == MPI_SUCCESS
                   ? Progress::Done
                   : Progress::Failed;
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
        if (call.outcome >= 0) choice = ordinal_of_key(rank, call, call.outcome);
        int seen = 0;
        for (int i = 0; i < call.request_count; ++i) {
            MPI_Request h = MPI_REQUEST_NULL;
            read_app(call.requests + i, h);
            const Request* r = request(rank, h);
            if (r == nullptr || !r->active || !r->complete) continue;
            if (seen++ != choice) continue;
            write_out(call.index, i);
            return finish_request(rank, call.requests + i, call.statuses, call) == MPI_SUCCESS
                       ? Progress::Done
                       : Progress::Failed;
        }
        write_out(call.index, MPI_UNDEFINED);
        write_status(call.statuses, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_SUCCESS, 0);
        return Progress::Done;
    }
    case CallKind::Waitsome:
    case CallKind::Testsome: {
        int out = 0;
        bool any_active = false, ok = true;
        for (int i = 0; i < call.request_count; ++i) {
            MPI_Request h = MPI_REQUEST_NULL;
            read_app(call.requests + i, h);
            const Request* r = request(rank, h);
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
    case CallKind::Probe:
    case CallKind::Iprobe: {
        if (call.source == MPI_PROC_NULL) {
            write_status(call.statuses, MPI_PROC_NULL, MPI_ANY_TAG, MPI_SUCCESS, 0);
            return Progress::Done;
        }
        if (call.outcome >= 0) {
            const int sender = call.kind == CallKind::Iprobe ? call.outcome - 1 : call.outcome;
            choice = std::max(0, ordinal_of_key(rank, call, sender));
        }
        std::vector<const Message*> candidates;
        p2p_.probe_candidates(core_, rank, call, candidates);
        const Message& m = *candidates.at(static_cast<std::size_t>(choice));
        if (!write_status(call.statuses, m.source, m.tag, MPI_SUCCESS, m.payload.size()))
            return fail(rank, call, MPI_ERR_ARG, "status is not writable");
        return Progress::Done;
    }
    case CallKind::BufferDetach:
        return p2p_.complete_detach(rank, call);
    default:
        return Progress::Done;
    }
}

} // namespace rankfold::mpi
