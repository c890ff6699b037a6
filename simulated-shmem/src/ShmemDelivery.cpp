// ShmemWorld's puts and atomics on their way (issue 14, scope 3; EXPLORATION.md §1 and §3).
//
// A put reads its source during the call, and its data may reach the target at any moment
// until the origin's quiet (or a call that starts with one: shmem_barrier_all, shmem_barrier,
// the allocation calls, shmem_finalize). The origin queues it here; the explorer lands it
// (MpiWorld's landings, the RemoteLanding family) where the target could tell, and quiet lands
// what is left. Of one origin's puts to one target only the oldest may land: they arrive in
// the order issued, which is what shmem_fence asks for and a restriction of what an
// unfenced sequence allows, kept to keep the choices few; the race monitor does not count on
// that order without a fence (shmem_fence tells it, RankGate::shmem_fenced), so a reader that
// relies on it is reported as a race. The order holds per context: puts on
// different contexts are independent (OpenSHMEM 1.5 §9.4: a context is a separate stream of
// ordering and completion), and a quiet of one context lands only that context's.
#include "simulated-mpi/interface/RankGate.hpp"
#include "simulated-shmem/interface/ShmemWorld.hpp"

#include <cstring>

namespace rankfold::shmem {
namespace {

void apply(const PendingPut& put) {
    void* at = reinterpret_cast<void*>(put.at);
    if (put.update != nullptr)
        put.update(at, put.data.data());
    else if (!put.data.empty())
        std::memmove(at, put.data.data(), put.data.size());
    if (put.signal_at == 0) return;
    // The signal after the data, as put-with-signal orders them.
    auto* word = reinterpret_cast<std::uint64_t*>(put.signal_at);
    *word = put.signal_add ? *word + put.signal : put.signal;
}

// The delivery event marks the moment the target's bytes change, for the race monitor.
void report(int origin, const PendingPut& put) {
    mpi::RankGate* gate = mpi::installed_rank_gate();
    if (gate == nullptr) return;
    if (!put.data.empty())
        gate->delivered(origin, put.target, put.at, put.at + put.data.size(), true, put.site);
    if (put.signal_at != 0)
        gate->delivered(origin, put.target, put.signal_at, put.signal_at + sizeof(std::uint64_t),
                        true, put.site);
    // Whoever sees this landing's word (a wait_until on the flag or signal) learns that it and
    // the origin's earlier puts to the target that a fence ordered before it landed: not the
    // unfenced ones, although they did land first here (properties/races/ShmemOrder.cpp).
    if (origin != put.target && (!put.data.empty() || put.signal_at != 0))
        gate->shmem_landed(origin, put.target, put.at, put.at + put.data.size(), put.signal_at,
                           put.context);
}

} // namespace

void ShmemWorld::post(int origin, PendingPut put) {
    if (put.target == origin) {
        // A PE's own memory: no other PE's step lies between the call and what the PE does
        // next, so landing now is a moment the standard allows and nobody can tell apart.
        apply(put);
        report(origin, put);
        return;
    }
    pe(origin).pending.push_back(std::move(put));
}

bool ShmemWorld::land_oldest(int origin, int target, int context, std::string& why,
                             std::uintptr_t& site) {
    if (origin < 0 || origin >= size()) {
        why = "no such PE";
        return false;
    }
    std::vector<PendingPut>& pending = pe(origin).pending;
    for (auto it = pending.begin(); it != pending.end(); ++it) {
        if (it->target != target || it->context != context) continue;
        const PendingPut put = std::move(*it);
        pending.erase(it);
        site = put.site;
        apply(put);
        report(origin, put);
        return true;
    }
    why = "no pending put to that PE";
    return false;
}

void ShmemWorld::land_all(int origin, int context) {
    // The nonblocking fetching atomics of those contexts complete too: their fetch buffers
    // are the program's again.
    std::erase_if(pe(origin).fetches, [context](const PendingFetch& f) {
        return context == kAllContexts || f.context == context;
    });
    std::vector<PendingPut> pending = std::move(pe(origin).pending);
    pe(origin).pending.clear();
    for (PendingPut& put : pending) {
        if (context != kAllContexts && put.context != context) {
            pe(origin).pending.push_back(std::move(put)); // another context's: still on its way
            continue;
        }
        apply(put);
        report(origin, put);
    }
}

} // namespace rankfold::shmem
