// CompletionQuery: when a blocked call is ready, how many ways it can complete, and the
// outcomes MPI leaves open for one call, named by stable keys (EXPLORATION.md §1).
//
// Keys name what happens, not its position in some list, so the same outcome keeps its key in
// a successor state where other requests have completed meanwhile: a request by its position
// in the call's array, a set of requests by a bit set of positions, a message by its sender.
#include "simulated-mpi/src/Completion.hpp"

#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/Window.hpp"

#include <algorithm>

namespace rankfold::mpi {

namespace {
// Waitsome/Testsome list every non-empty subset; past this many completed requests only the
// set of all of them is offered (2^k outcomes would swamp any search).
constexpr int kMaxSubsetRequests = 10;
constexpr int kMaxMaskPosition = 30;

void add_subsets(const std::vector<int>& positions, std::vector<int>& out) {
    if (positions.empty()) return;
    int full = 0;
    for (int p : positions) full |= 1 << p;
    if (positions.size() > static_cast<std::size_t>(kMaxSubsetRequests)) {
        out.push_back(full);
        return;
    }
    // Every non-empty subset of `full`, largest (all completed) first.
    for (int s = full;; s = (s - 1) & full) {
        if (s == 0) break;
        out.push_back(s);
    }
}
} // namespace

// ---- requests and messages ----------------------------------------------------------------

const Request* CompletionQuery::request(int rank, MPI_Request handle) const {
    return core_.requests.find(rank, handle);
}

const Request* CompletionQuery::request_at(int rank, const RankCall& call, int i) const {
    MPI_Request h = MPI_REQUEST_NULL;
    read_app(call.requests + i, h);
    return request(rank, h);
}

bool CompletionQuery::request_done(int rank, MPI_Request handle) const {
    if (handle == MPI_REQUEST_NULL) return true;
    const Request* r = request(rank, handle);
    return r == nullptr || !r->active || r->complete;
}

std::vector<const Message*> CompletionQuery::probe_candidates(int rank,
                                                              const RankCall& call) const {
    std::vector<const Message*> candidates;
    p2p_.probe_candidates(core_, rank, call, candidates);
    return candidates;
}

void CompletionQuery::request_positions(int rank, const RankCall& call, std::vector<int>& complete,
                                        bool& incomplete_active) const {
    complete.clear();
    incomplete_active = false;
    for (int i = 0; i < call.request_count; ++i) {
        const Request* r = request_at(rank, call, i);
        if (r == nullptr || !r->active) continue;
        if (!r->complete)
            incomplete_active = true;
        else if (i <= kMaxMaskPosition || call.kind == CallKind::Waitany ||
                 call.kind == CallKind::Testany)
            complete.push_back(i);
    }
}

// ---- readiness ----------------------------------------------------------------------------

bool CompletionQuery::ready(int rank, const RankCall& call) const {
    // The blocking point-to-point calls are most of all calls: answer them first and cheaply.
    if (call.kind == CallKind::Send || call.kind == CallKind::Recv)
        return core_.requests.at(rank, call.internal[0]).complete;
    auto slot_done = [&](int slot) { return core_.requests.at(rank, slot).complete; };
    switch (call.kind) {
    case CallKind::Sendrecv:
    case CallKind::SendrecvReplace:
        return slot_done(call.internal[0]) && slot_done(call.internal[1]);
    case CallKind::Wait:
    case CallKind::Waitall:
        for (int i = 0; i < call.request_count; ++i) {
            MPI_Request h = MPI_REQUEST_NULL;
            read_app(call.requests + i, h);
            if (!request_done(rank, h)) return false;
        }
        return true;
    case CallKind::Waitany:
    case CallKind::Waitsome: {
        bool any_active = false;
        for (int i = 0; i < call.request_count; ++i) {
            const Request* r = request_at(rank, call, i);
            if (r != nullptr && r->active) {
                if (r->complete) return true;
                any_active = true;
            }
        }
        return !any_active;
    }
    case CallKind::Probe:
        return call.source == MPI_PROC_NULL || !probe_candidates(rank, call).empty();
    case CallKind::BufferDetach:
        return p2p_.detach_ready(rank);
    case CallKind::Collective:
        return slot_done(call.internal[0]);
    default:
        return true;
    }
}

int CompletionQuery::completion_choices(int rank, const RankCall& call) const {
    if (call.kind == CallKind::Probe && call.source != MPI_PROC_NULL)
        return std::max<int>(1, static_cast<int>(probe_candidates(rank, call).size()));
    if (call.kind == CallKind::Waitany) {
        int n = 0;
        for (int i = 0; i < call.request_count; ++i) {
            const Request* r = request_at(rank, call, i);
            n += r != nullptr && r->active && r->complete;
        }
        return std::max(1, n);
    }
    return 1;
}

// ---- open outcomes ------------------------------------------------------------------------

void CompletionQuery::open_outcomes(int rank, const RankCall& call, OpenOutcomes& out) const {
    out.open = false;
    out.done.clear();
    std::vector<int> complete;
    bool waiting = false;
    switch (call.kind) {
    case CallKind::Test:
    case CallKind::Testall: {
        request_positions(rank, call, complete, waiting);
        if (complete.empty() && !waiting) return; // null or inactive requests: done at once
        if (!waiting && std::ranges::all_of(
                            complete, [&](int i) { return request_at(rank, call, i)->immediate; }))
            return; // complete at their calls (MPI_Imrecv): done at once
        out.open = true;
        if (!waiting) out.done.push_back(1);
        return;
    }
    case CallKind::Testany:
        request_positions(rank, call, complete, waiting);
        if (complete.empty() && !waiting) return;
        out.open = true;
        for (int p : complete) out.done.push_back(1 + p);
        return;
    case CallKind::Testsome:
        request_positions(rank, call, complete, waiting);
        if (complete.empty() && !waiting) return;
        out.open = true;
        add_subsets(complete, out.done);
        return;
    case CallKind::Waitany:
        request_positions(rank, call, complete, waiting);
        out.done = complete;
        out.open = waiting || complete.size() > 1;
        return;
    case CallKind::Waitsome:
        request_positions(rank, call, complete, waiting);
        add_subsets(complete, out.done);
        out.open = waiting || out.done.size() > 1;
        return;
    case CallKind::Rma: {
        // MPI_Win_test says "not yet" whenever the exposure epoch is open, "done" once every
        // origin of the post group has called MPI_Win_complete (RmaSynchronisation's wait).
        if (call.rma.kind != RmaKind::Test) return;
        const auto v = core_.windows.view(rank, call.rma.win);
        if (!v) return;
        const WindowMember& me =
            core_.windows.at(v->index).members[static_cast<std::size_t>(v->my_rank)];
        if (!me.exposure_posted) return; // wait-without-post: the call fails
        out.open = true;
        if (me.completions == static_cast<int>(me.post_group.size())) out.done.push_back(1);
        return;
    }
    case CallKind::Iprobe:
    case CallKind::Probe: {
        if (call.source == MPI_PROC_NULL || !core_.view(rank, call.comm)) return;
        const int shift = call.kind == CallKind::Iprobe ? 1 : 0;
        bool cancel_pending = false;
        for (const Message* m : probe_candidates(rank, call)) {
            out.done.push_back(shift + m->origin);
            cancel_pending = cancel_pending || m->cancel_pending;
        }
        // Reporting a message whose cancel is pending decides that cancel (it fails): the
        // probe is a choice then, ordered with the cancel's outcome, as a held match is.
        out.open = call.kind == CallKind::Iprobe || call.source == MPI_ANY_SOURCE || cancel_pending;
        return;
    }
    default:
        return;
    }
}

int CompletionQuery::ordinal_of_key(int rank, const RankCall& call, int key) const {
    std::vector<int> complete;
    bool waiting = false;
    switch (call.kind) {
    case CallKind::Waitany:
    case CallKind::Testany:
        request_positions(rank, call, complete, waiting);
        for (std::size_t i = 0; i < complete.size(); ++i)
            if (complete[i] == key) return static_cast<int>(i);
        return -1;
    case CallKind::Probe:
    case CallKind::Iprobe: {
        const std::vector<const Message*> candidates = probe_candidates(rank, call);
        for (std::size_t i = 0; i < candidates.size(); ++i)
            if (candidates[i]->origin == key) return static_cast<int>(i);
        return -1;
    }
    default:
        return -1;
    }
}

} // namespace rankfold::mpi
