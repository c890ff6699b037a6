#include "simulated-mpi/src/ShmemLandings.hpp"

#include <algorithm>

namespace rankfold::mpi {
namespace {

// Whether `pe`, entering `call` (or waiting in it: `entered`), runs no code of its own before
// `origin`'s pending puts have landed: a collective that starts with a quiet (barrier_all, the
// allocation calls, finalize, an active set's barrier) of a team holding the origin cannot
// complete before the origin joins it, and the origin's joining lands them — provided the
// origin has not joined that very collective already (its puts are then later ones). So a PE
// waiting there cannot see a landing happen, and it lands with no choice: programs that
// complete their puts before anyone looks keep their counts.
bool joins_barrier_with(const shmem::ShmemWorld& shmem, int pe, const RankCall& call, bool entered,
                        int origin) {
    if (call.kind != CallKind::Shmem || !call.shmem.completes_puts) return false;
    const shmem::Team* team = shmem.team(call.shmem.team);
    if (team == nullptr) return false;
    const int o = team->index_of(origin);
    const int p = team->index_of(pe);
    if (o < 0 || p < 0) return false;
    // The number of the collective `pe` is in (or about to enter) and how many the origin has
    // entered.
    const std::uint64_t mine =
        team->members[static_cast<std::size_t>(p)].collectives + (entered ? 0 : 1);
    return team->members[static_cast<std::size_t>(o)].collectives < mine;
}

} // namespace

void shmem_open_landings(const shmem::ShmemWorld& shmem, std::vector<MpiWorld::OpenLanding>& out) {
    for (int origin = 0; origin < shmem.size(); ++origin) {
        const std::vector<shmem::PendingPut>& pending = shmem.pe(origin).pending;
        for (std::size_t i = 0; i < pending.size(); ++i) {
            const shmem::PendingPut& put = pending[i];
            bool oldest = true;
            for (std::size_t j = 0; j < i && oldest; ++j)
                oldest = pending[j].target != put.target || pending[j].context != put.context;
            if (!oldest) continue;
            MpiWorld::OpenLanding l;
            l.window = shmem_landing_window(put.context);
            l.origin = origin;
            l.target = put.target;
            // The data's bytes, or the signal word's alone for a put of no data; a put with
            // both is given their hull (conservative: more overlaps, never fewer).
            l.begin = put.data.empty() ? put.signal_at : put.at;
            l.end = put.data.empty() ? put.signal_at + (put.signal_at != 0 ? 8 : 0)
                                     : put.at + put.data.size();
            if (put.signal_at != 0 && !put.data.empty()) {
                l.begin = std::min(l.begin, put.signal_at);
                l.end = std::max(l.end, put.signal_at + 8);
            }
            l.writes = true;
            l.fetches = false;
            l.combine = put.combine;
            out.push_back(l);
        }
    }
}

bool shmem_observes_landing(const shmem::ShmemWorld& shmem, int rank, const RankCall& call,
                            bool entered) {
    if (!entered && is_fetch(call)) {
        const auto begin = reinterpret_cast<std::uintptr_t>(call.shmem.address);
        if (shmem.put_pending(rank, call.shmem.root, begin, begin + call.shmem.size)) return true;
    }
    for (int origin = 0; origin < shmem.size(); ++origin)
        for (const shmem::PendingPut& put : shmem.pe(origin).pending)
            if (put.target == rank && !joins_barrier_with(shmem, rank, call, entered, origin))
                return true;
    return false;
}

bool shmem_fetch_sees(const shmem::ShmemWorld& shmem, int rank, const RankCall& call,
                      const MpiWorld::OpenLanding& landing) {
    if (!is_fetch(call) || landing.window > kShmemLandingWindow || landing.origin == rank ||
        landing.target != call.shmem.root)
        return false;
    // The landing is the oldest of its stream: offered when any put of the stream, this one
    // or one behind it, writes the bytes the get reads.
    const auto begin = reinterpret_cast<std::uintptr_t>(call.shmem.address);
    const int context = shmem_landing_context(landing.window);
    return std::ranges::any_of(shmem.pe(landing.origin).pending, [&](const shmem::PendingPut& put) {
        return put.target == landing.target && put.context == context &&
               shmem::put_overlaps(put, begin, begin + call.shmem.size);
    });
}

void shmem_landings_completed_by(const shmem::ShmemWorld& shmem, int rank, const RankCall& call,
                                 std::vector<int>& targets) {
    if (call.kind != CallKind::Shmem || !shmem::ShmemWorld::completes_puts(call.shmem)) return;
    for (const shmem::PendingPut& put : shmem.pe(rank).pending)
        if (shmem::ShmemWorld::completes(call.shmem, put)) targets.push_back(put.target);
}

} // namespace rankfold::mpi
