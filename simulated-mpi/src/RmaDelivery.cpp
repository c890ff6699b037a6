// RmaDelivery, a part of MpiWorld: the landings of RMA operations that are the explorer's
// choice (issue 15, scope 4; EXPLORATION.md §1).
//
// An operation issued in a passive target epoch may land at any moment between its call and
// the unlock or flush that completes it, and the target runs freely meanwhile: when it lands
// relative to the target's own steps is observable, so it is a choice. Operations of a fence
// or a post-start-complete-wait epoch land at the synchronisation that closes the epoch, with
// no choice: there the target is itself inside the exposure epoch, and any local access of
// its to the bytes an operation of the epoch writes is a conflicting access MPI 3.1 §11.7
// makes erroneous (the race monitor's to report), so a correct program cannot tell when
// inside the epoch the operation landed.
//
// Of one origin's operations to one target, only the oldest pending one may land: they land
// in the order they were issued (the order MPI guarantees for accumulates to one location,
// and a restriction of the orders it allows for puts, which keeps the choices few).
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/ReduceOp.hpp"
#include "simulated-mpi/src/RmaLanding.hpp"
#include "simulated-mpi/src/ShmemLandings.hpp"

namespace rankfold::mpi {
namespace {

// Two accumulates with one predefined operator on one basic type commute (MPI 3.1 §11.7:
// element-wise atomic, and the operators are associative and commutative); a replace does not.
std::uint32_t combine_tag(const PendingRma& op) {
    if (op.kind != RmaKind::Accumulate || op.op == MPI_REPLACE || op.op == MPI_NO_OP) return 0;
    const auto op_index = handle_index(op.op, RF_KIND_OP);
    const auto run = reduction_elements(op.op, op.target_map->signature());
    if (!op_index || !run) return 0;
    return 2 + static_cast<std::uint32_t>(*op_index) * 1024 +
           static_cast<std::uint32_t>(run->basic);
}

MpiWorld::OpenLanding describe(int window, const Window& w, const WindowMember& origin,
                               const PendingRma& op) {
    const WindowMember& target = w.members[static_cast<std::size_t>(op.target)];
    MpiWorld::OpenLanding l;
    l.window = window;
    l.origin = origin.world_rank;
    l.target = target.world_rank;
    const auto at = target.base + static_cast<std::uintptr_t>(op.target_offset);
    const std::int64_t last =
        op.target_count > 0 ? (op.target_count - 1) * op.target_map->extent() : 0;
    l.begin = at + static_cast<std::uintptr_t>(op.target_map->true_lb());
    l.end = op.target_count > 0 ? at + static_cast<std::uintptr_t>(last + op.target_map->true_ub())
                                : l.begin;
    l.writes =
        op.kind != RmaKind::Get && !(op.kind == RmaKind::GetAccumulate && op.op == MPI_NO_OP);
    l.fetches = fetches(op.kind);
    l.combine = combine_tag(op);
    return l;
}

// Whether the origin's operation `op` is the oldest of its queue to that target.
bool oldest_to_target(const std::vector<PendingRma>& pending, std::size_t index) {
    for (std::size_t i = 0; i < index; ++i)
        if (pending[i].target == pending[index].target) return false;
    return true;
}

// Whether `call` of the origin completes its operations to `target` in window `window`: then
// they land in that call, before the origin runs on, and the origin cannot see them earlier.
bool completes(const WindowTable& windows, int rank, const RankCall& call, int window, int target) {
    if (call.kind != CallKind::Rma) return false;
    const auto v = windows.view(rank, call.rma.win);
    if (!v || v->index != window) return false;
    switch (call.rma.kind) {
    case RmaKind::UnlockAll:
    case RmaKind::FlushAll:
    case RmaKind::FlushLocalAll:
        return true;
    case RmaKind::Unlock:
    case RmaKind::Flush:
    case RmaKind::FlushLocal:
        return call.rma.target == target;
    default:
        return false;
    }
}

// Whether `call` is a fence or MPI_Win_free of window `window`: the target cannot run on
// before the origin joins it, and the origin joins it only after the unlock or flush that
// lands the operation (joining with the epoch open is a usage error, reported then), so the
// landing happens before the target's next code whatever the explorer would choose.
bool closes_window(const WindowTable& windows, int rank, const RankCall& call, int window) {
    if (call.kind != CallKind::Collective) return false;
    if (call.coll.kind != CollectiveKind::WinFence && call.coll.kind != CollectiveKind::WinFree)
        return false;
    const auto v = windows.view(rank, call.coll.win);
    return v && v->index == window;
}

} // namespace

void MpiWorld::open_landings(std::vector<OpenLanding>& out) const {
    out.clear();
    const WindowTable& windows = core_.windows;
    for (int wi = 0; wi < windows.size(); ++wi) {
        const Window& w = windows.at(wi);
        for (const WindowMember& origin : w.members)
            for (std::size_t i = 0; i < origin.pending.size(); ++i)
                if (origin.pending[i].passive && oldest_to_target(origin.pending, i))
                    out.push_back(describe(wi, w, origin, origin.pending[i]));
    }
    // OpenSHMEM puts and atomics: all of them land by choice (there is no active target mode).
    if (shmem_.used()) shmem_open_landings(shmem_, out);
}

bool MpiWorld::observes_open_landing(int rank, const RankCall& call, bool entered) const {
    if (shmem_.used() && shmem_observes_landing(shmem_, rank, call, entered)) return true;
    const WindowTable& windows = core_.windows;
    for (int wi = 0; wi < windows.size(); ++wi) {
        const Window& w = windows.at(wi);
        for (const WindowMember& origin : w.members)
            for (const PendingRma& op : origin.pending) {
                if (!op.passive) continue;
                const int target = w.members[static_cast<std::size_t>(op.target)].world_rank;
                // The target's next step may read or write the bytes (without the memory
                // footprint of that step, conservatively always).
                if (target == rank && !closes_window(windows, rank, call, wi)) return true;
                // A fetching operation writes the origin's result buffer when it lands.
                if (fetches(op.kind) && origin.world_rank == rank &&
                    !completes(windows, rank, call, wi, op.target))
                    return true;
            }
    }
    return false;
}

bool MpiWorld::fetch_sees_landing(int rank, const RankCall& call,
                                  const OpenLanding& landing) const {
    return shmem_.used() && shmem_fetch_sees(shmem_, rank, call, landing);
}

void MpiWorld::landings_completed_by(int rank, const RankCall& call,
                                     std::vector<int>& targets) const {
    targets.clear();
    if (shmem_.used()) shmem_landings_completed_by(shmem_, rank, call, targets);
    if (call.kind != CallKind::Rma) return;
    const WindowTable& windows = core_.windows;
    const auto v = windows.view(rank, call.rma.win);
    if (!v) return;
    const Window& w = windows.at(v->index);
    for (const PendingRma& op : w.members[static_cast<std::size_t>(v->my_rank)].pending)
        if (op.passive && completes(windows, rank, call, v->index, op.target))
            targets.push_back(w.members[static_cast<std::size_t>(op.target)].world_rank);
}

bool MpiWorld::lock_blocked_by(int waiter, const RankCall& call, int holder) const {
    if (call.kind != CallKind::Rma || call.rma.kind != RmaKind::Lock) return false;
    const auto v = core_.windows.view(waiter, call.rma.win);
    if (!v) return false;
    const Window& w = core_.windows.at(v->index);
    const auto lock_target = static_cast<std::size_t>(call.rma.target);
    for (const WindowMember& m : w.members) {
        if (m.world_rank != holder || lock_target >= m.locks.size()) continue;
        const LockHeld held = m.locks[lock_target];
        if (held == LockHeld::None) return false;
        // An exclusive lock on either side excludes the other until the origin's unlock.
        return held == LockHeld::Exclusive || call.rma.lock_type == MPI_LOCK_EXCLUSIVE;
    }
    return false;
}

int MpiWorld::passive_operation_target(int rank, const RankCall& call) const {
    if (call.kind != CallKind::Rma || call.rma.kind > RmaKind::CompareAndSwap) return -1;
    const auto v = core_.windows.view(rank, call.rma.win);
    if (!v) return -1;
    const Window& w = core_.windows.at(v->index);
    const int target = call.rma.target;
    if (target < 0 || target >= static_cast<int>(w.members.size())) return -1;
    const WindowMember& me = w.members[static_cast<std::size_t>(v->my_rank)];
    const auto t = static_cast<std::size_t>(target);
    const bool locked = me.lock_all || (t < me.locks.size() && me.locks[t] != LockHeld::None);
    return locked ? w.members[t].world_rank : -1;
}

std::uint64_t MpiWorld::passive_targets(int rank) const {
    const auto bit = [](int w) {
        return w >= 0 && w < 64 ? std::uint64_t{1} << static_cast<unsigned>(w) : ~std::uint64_t{0};
    };
    std::uint64_t targets = 0;
    const WindowTable& windows = core_.windows;
    for (int wi = 0; wi < windows.size(); ++wi) {
        const Window& w = windows.at(wi);
        for (const WindowMember& me : w.members) {
            if (me.world_rank != rank || me.freed) continue;
            for (std::size_t t = 0; t < w.members.size(); ++t) {
                const bool held =
                    me.lock_all || (t < me.locks.size() && me.locks[t] != LockHeld::None);
                const bool asked = me.lock_request == -2 || me.lock_request == static_cast<int>(t);
                if (held || asked) targets |= bit(w.members[t].world_rank);
            }
        }
    }
    return targets;
}

bool MpiWorld::land_open(const OpenLanding& which, std::string& why, std::uintptr_t& site) {
    if (which.window <= kShmemLandingWindow)
        return shmem_.land_oldest(which.origin, which.target, shmem_landing_context(which.window),
                                  why, site);
    if (which.window < 0 || which.window >= core_.windows.size()) {
        why = "no such window";
        return false;
    }
    Window& w = core_.windows.at(which.window);
    for (int o = 0; o < static_cast<int>(w.members.size()); ++o) {
        std::vector<PendingRma>& pending = w.members[static_cast<std::size_t>(o)].pending;
        if (w.members[static_cast<std::size_t>(o)].world_rank != which.origin) continue;
        for (std::size_t i = 0; i < pending.size(); ++i) {
            const int target = w.members[static_cast<std::size_t>(pending[i].target)].world_rank;
            if (target != which.target) continue;
            site = pending[i].site;
            return land_and_report(w, o, i, why);
        }
    }
    why = "no such pending operation";
    return false;
}

} // namespace rankfold::mpi
