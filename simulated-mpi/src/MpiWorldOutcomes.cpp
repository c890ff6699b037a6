// MpiWorld: the outcomes MPI leaves open for one call, named by stable keys (EXPLORATION.md §1).
//
// Keys name what happens, not its position in some list, so the same outcome keeps its key in
// a successor state where other requests have completed meanwhile: a request by its position
// in the call's array, a set of requests by a bit set of positions, a message by its sender.
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/src/AppAccess.hpp"

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

void MpiWorld::request_positions(int rank, const RankCall& call, std::vector<int>& complete,
                                 bool& incomplete_active) const {
    complete.clear();
    incomplete_active = false;
    for (int i = 0; i < call.request_count; ++i) {
        MPI_Request h = MPI_REQUEST_NULL;
        read_app(call.requests + i, h);
        const Request* r = request(rank, h);
        if (r == nullptr || !r->active) continue;
        if (!r->complete)
            incomplete_active = true;
        else if (i <= kMaxMaskPosition || call.kind == CallKind::Waitany ||
                 call.kind == CallKind::Testany)
            complete.push_back(i);
    }
}

void MpiWorld::open_outcomes(int rank, const RankCall& call, OpenOutcomes& out) const {
    out.open = false;
    out.done.clear();
    std::vector<int> complete;
    bool waiting = false;
    switch (call.kind) {
    case CallKind::Test:
    case CallKind::Testall: {
        request_positions(rank, call, complete, waiting);
        if (complete.empty() && !waiting) return; // null or inactive requests: done at once
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
    case CallKind::Iprobe:
    case CallKind::Probe: {
        if (call.source == MPI_PROC_NULL || !view(rank, call.comm)) return;
        std::vector<const Message*> candidates;
        p2p_.probe_candidates(core_, rank, call, candidates);
        const int shift = call.kind == CallKind::Iprobe ? 1 : 0;
        for (const Message* m : candidates) out.done.push_back(shift + m->origin);
        out.open = call.kind == CallKind::Iprobe || call.source == MPI_ANY_SOURCE;
        return;
    }
    default:
        return;
    }
}

int MpiWorld::ordinal_of_key(int rank, const RankCall& call, int key) const {
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
        std::vector<const Message*> candidates;
        p2p_.probe_candidates(core_, rank, call, candidates);
        for (std::size_t i = 0; i < candidates.size(); ++i)
            if (candidates[i]->origin == key) return static_cast<int>(i);
        return -1;
    }
    default:
        return -1;
    }
}

} // namespace rankfold::mpi
