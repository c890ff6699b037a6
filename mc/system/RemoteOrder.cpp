#include "mc/system/RemoteOrder.hpp"

#include "mc/system/PendingBuffers.hpp"

#include "simulated-shmem/interface/SymmetricMemory.hpp"

#include <algorithm>
#include <vector>

namespace rankfold::mc {

using mpi::CallKind;
using mpi::CollectiveKind;
using mpi::RmaKind;
using properties::sync_token;
using properties::SyncChannel;
using properties::SyncStep;

namespace {

constexpr std::uint64_t kWindowJoin = 1ULL << 40U; // fence and free join on the window
constexpr std::uint64_t kShmemWorld = 1ULL << 41U;
// RemoteOrder::remote_operation: a target datatype is followed run by run up to this many runs.
constexpr std::size_t kMaxRuns = 64;

std::uint64_t window_id(MPI_Win win) {
    return static_cast<std::uint64_t>(static_cast<std::uint32_t>(win));
}

// MPI_Win_post -> MPI_Win_start on a window (any target of it: an over-approximation, as
// MPI_Win_complete -> MPI_Win_wait).
std::uint64_t post_start_token(MPI_Win win) {
    return sync_token(SyncChannel::PostWait, 1ULL << 40U | window_id(win));
}

} // namespace

// A window's fences and free are joins of its members. Its slot (and handle) is reused by
// later windows, possibly of other groups: the join's token names the group too (13 bits of
// it), so that a rank that missed a previous window's joins does not count this window's
// instances apart from its members (MPICH's putfence1 reuses one slot over several groups).
std::uint64_t RemoteOrder::window_join(MPI_Win win) const {
    const mpi::WindowTable& windows = world_.windows();
    std::uint64_t group = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < windows.size(); ++i) {
        if (mpi::window_handle(i) != win) continue;
        for (const mpi::WindowMember& m : windows.at(i).members) {
            group ^= static_cast<std::uint64_t>(m.world_rank) + 1;
            group *= 0xbf58476d1ce4e5b9ULL;
            group ^= group >> 31U;
        }
        break;
    }
    const std::uint64_t fingerprint = (group ^ (group >> 21U) ^ (group >> 42U)) & 0x1fffU;
    return sync_token(SyncChannel::Collective, kWindowJoin | fingerprint << 42U | window_id(win));
}

// The join a blocking collective call is part of, or 0 for none.
std::uint64_t RemoteOrder::join_token(const mpi::RankCall& call) const {
    if (call.kind == CallKind::Shmem) {
        const auto op = call.shmem.op;
        if (op == shmem::ShmemOp::BarrierAll || op == shmem::ShmemOp::TeamSync ||
            op == shmem::ShmemOp::Malloc || op == shmem::ShmemOp::Free ||
            op == shmem::ShmemOp::Realloc || op == shmem::ShmemOp::Finalize)
            return sync_token(SyncChannel::Collective,
                              kShmemWorld | static_cast<unsigned>(call.shmem.team));
        return 0;
    }
    if (call.kind != CallKind::Collective || call.coll.nonblocking) return 0;
    // Window creation (MPI_Win_create, _allocate, _allocate_shared, _create_dynamic) is a
    // collective on its communicator like any other: no operation can reach a member's memory
    // through the new window before that member called, so what each member did before the
    // call comes before every operation on it (a store into a segment of a shared window that
    // a second window exposes again: MPICH's win_shared_create). Its departure is counted only
    // when the arrival was (finished): the first window starts the following of joins.
    if (call.coll.kind == CollectiveKind::WinFence || call.coll.kind == CollectiveKind::WinFree)
        return window_join(call.coll.win);
    return sync_token(SyncChannel::Collective,
                      static_cast<std::uint64_t>(static_cast<std::uint32_t>(call.comm)));
}

int RemoteOrder::world_target(int rank, MPI_Win win, int target) const {
    const auto view = world_.windows().view(rank, win);
    if (!view || target < 0) return -1;
    const mpi::Window& w = world_.windows().at(view->index);
    if (target >= static_cast<int>(w.members.size())) return -1;
    return w.members[static_cast<std::size_t>(target)].world_rank;
}

void RemoteOrder::remote_operation(int rank, const mpi::RankCall& call) {
    const auto view = world_.windows().view(rank, call.rma.win);
    if (!view) return;
    const mpi::Window& w = world_.windows().at(view->index);
    const mpi::WindowMember& me = w.members[static_cast<std::size_t>(view->my_rank)];
    if (me.pending.empty() || me.pending.back().site != call.site) return; // landed already
    const mpi::PendingRma& op = me.pending.back();
    if (op.target < 0 || op.target_count <= 0 || op.target_map.get() == nullptr) return;
    const mpi::WindowMember& target = w.members[static_cast<std::size_t>(op.target)];
    const auto at = target.base + static_cast<std::uintptr_t>(op.target_offset);
    const std::int64_t last = (op.target_count - 1) * op.target_map->extent();
    properties::RemoteOpEvent e;
    e.origin = rank;
    e.target = target.world_rank;
    e.window = window_id(call.rma.win);
    e.bytes = {at + static_cast<std::uintptr_t>(op.target_map->true_lb()),
               at + static_cast<std::uintptr_t>(last + op.target_map->true_ub())};
    e.writes = op.kind != RmaKind::Get;
    e.atomic = mpi::accumulates(op.kind);
    // A compare-and-swap is a conditional replace: atomic with MPI_REPLACE (MPI 3.1 §11.7.1;
    // the MCS lock swaps a queue's tail by MPI_Fetch_and_op and MPI_Compare_and_swap).
    const MPI_Op atomic_op = op.kind == RmaKind::CompareAndSwap ? MPI_REPLACE : op.op;
    e.atomic_op = static_cast<std::uint64_t>(static_cast<std::uint32_t>(atomic_op));
    e.atomic_type = static_cast<std::uint64_t>(static_cast<std::uint32_t>(call.rma.target_type));
    e.no_op = op.op == MPI_NO_OP;
    if (e.no_op) e.writes = false; // an atomic read
    e.site = call.site;
    e.name = call.name;
    // A target datatype with holes touches only its runs: an indexed type that skips the
    // origin's own slot does not conflict with the origin's accumulate there (MPICH's
    // fetchandadd). One operation per run, up to a bound (past it, the span: a false alarm at
    // worst, never a missed race). A word-sized accumulate lands run by run too, each landing
    // completing the operation on exactly its run (RmaLanding's word_runs).
    const std::vector<properties::ByteRange> runs =
        typemap_bytes(at, op.target_count, *op.target_map, kMaxRuns);
    if (runs.size() <= 1) {
        events_.on_remote_op(e);
        return;
    }
    for (const properties::ByteRange& run : runs) {
        e.bytes = run;
        events_.on_remote_op(e);
    }
}

void RemoteOrder::completions(int rank, const mpi::RankCall& call) {
    properties::RemoteCompletionEvent e;
    e.origin = rank;
    if (call.kind == CallKind::Collective && call.coll.kind == CollectiveKind::WinFence) {
        e.window = window_id(call.coll.win);
        events_.on_remote_completion(e);
        return;
    }
    if (call.kind != CallKind::Rma) return;
    e.window = window_id(call.rma.win);
    switch (call.rma.kind) {
    case RmaKind::Unlock:
    case RmaKind::Flush:
        e.target = world_target(rank, call.rma.win, call.rma.target);
        if (e.target < 0) return;
        break;
    case RmaKind::UnlockAll:
    case RmaKind::FlushAll:
        break;
    case RmaKind::Complete:
        // Remote completion is the target's MPI_Win_wait, not the origin's business.
        e.origin_knows = false;
        e.carrier = sync_token(SyncChannel::PostWait, e.window);
        break;
    default:
        return;
    }
    events_.on_remote_completion(e);
}

void RemoteOrder::issued_followed(const properties::races::RaceMonitor& races, int rank,
                                  const mpi::RankCall& call, bool done) {
    // (issued() returned already for a plain call while no one-sided operation is live and no
    // window exists: no message carries anything to follow (the release below), no join
    // (join_token is 0 for them) and nothing finished() would tell.)
    if (call.kind == CallKind::Rma && mpi::communicates(call.rma.kind)) {
        remote_operation(rank, call);
        return;
    }
    if (!races.remote_empty()) {
        // Messages this call posted carry what the sender knows to their receiver.
        for (std::uint64_t n = posted_before_ + 1; n <= world_.posts(rank); ++n) {
            const std::uint64_t id = mpi::MpiWorld::post_id(rank, n);
            for (int r = 0; r < world_.size(); ++r)
                if (world_.matching().find_message(r, id) != nullptr)
                    sync(rank, SyncStep::Release, sync_token(SyncChannel::Message, id));
        }
        if (call.kind == CallKind::Collective && call.coll.kind == CollectiveKind::WinFence) {
            completions(rank, call); // before arriving: the fence completes them for everyone
            sync(rank, SyncStep::MemorySync, 0); // and publishes the rank's stores
        }
        // The target's accesses before MPI_Win_post come before the operations of the access
        // epochs that start on it (MPI 3.1 §11.5.2: MPI_Win_start waits for the post).
        if (call.kind == CallKind::Rma && call.rma.kind == RmaKind::Post)
            sync(rank, SyncStep::Release, post_start_token(call.rma.win));
        // A quiet (alone or starting a barrier): the PE's puts are complete, and it knows.
        if (call.kind == CallKind::Shmem && shmem::ShmemWorld::completes_puts(call.shmem)) {
            const int context = shmem::ShmemWorld::completed_context(call.shmem);
            events_.on_remote_completion({rank,
                                          context == shmem::ShmemWorld::kAllContexts
                                              ? properties::kShmemAllContexts
                                              : properties::shmem_context_window(context),
                                          -1, true, 0});
        }
    }
    if (follows_joins(races))
        if (const std::uint64_t join = join_token(call)) sync(rank, SyncStep::Arrive, join);
    if (done) finished(races, rank, call);
}

void RemoteOrder::expose(int rank) {
    std::vector<properties::ByteRange> bytes;
    std::vector<properties::ByteRange> shared;
    const mpi::WindowTable& windows = world_.windows();
    for (int w = 0; w < windows.size(); ++w) {
        const mpi::Window& window = windows.at(w);
        const auto member = std::find_if(
            window.members.begin(), window.members.end(),
            [&](const mpi::WindowMember& m) { return m.world_rank == rank && !m.freed; });
        // A member of a shared-memory window may load and store every member's segment.
        if (window.flavor == MPI_WIN_FLAVOR_SHARED && member != window.members.end())
            for (const mpi::WindowMember& m : window.members)
                if (m.size > 0)
                    shared.push_back({m.base, m.base + static_cast<std::uintptr_t>(m.size)});
        for (const mpi::WindowMember& m : window.members)
            if (m.world_rank == rank && !m.freed) {
                if (m.size > 0)
                    bytes.push_back({m.base, m.base + static_cast<std::uintptr_t>(m.size)});
                // A dynamic window exposes what the rank attached (MPI_Win_attach).
                for (const auto& [address, size] : m.attached)
                    if (size > 0)
                        bytes.push_back({address, address + static_cast<std::uintptr_t>(size)});
            }
    }
    events_.on_exposed_memory({rank, bytes, shared});
}

bool RemoteOrder::attaches(int rank) const {
    const mpi::WindowTable& windows = world_.windows();
    for (int w = 0; w < windows.size(); ++w)
        if (windows.at(w).flavor == MPI_WIN_FLAVOR_DYNAMIC)
            for (const mpi::WindowMember& m : windows.at(w).members)
                if (m.world_rank == rank && !m.freed) return true;
    return false;
}

void RemoteOrder::finished_followed(const properties::races::RaceMonitor& races, int rank,
                                    const mpi::RankCall& call) {
    // What a rank exposes changes when a window is made or freed, and, through a dynamic
    // window, at MPI_Win_attach and MPI_Win_detach: local calls the explorer does not see, so
    // it is taken again at each of the rank's calls.
    const bool window_made_or_freed =
        call.kind == CallKind::Collective &&
        (call.coll.kind == CollectiveKind::WinCreate || call.coll.kind == CollectiveKind::WinFree);
    // The departure from MPI_Win_free goes before the exposure it changes: the last member to
    // leave the last window resets every rank's join instances (RemoteRaces::expose), and its
    // own departure must be counted before that, as the others' were. Counted after, it would
    // leave that rank one instance apart from the rest whenever the race state is not empty
    // then (a load of the window's bytes not yet known to all), and the next window's fences
    // in the same slot would order nothing between them (MPICH's large-small-acc, putfence1).
    // Other joins keep the exposure first: departing first from the barriers of a dynamic
    // window's program broke MPICH's linked_list tests (not analysed further).
    const std::uint64_t join = join_token(call);
    const bool window_freed =
        call.kind == CallKind::Collective && call.coll.kind == CollectiveKind::WinFree;
    if (window_freed && join != 0 && follows_joins(races)) sync(rank, SyncStep::Depart, join);
    // A creation departs only if the rank's arrival was counted (the first window's members
    // arrived while nothing was followed, and expose() below starts the following: departing
    // then would count the instance for some members and not others). Before the exposure, as
    // for the free: an exposure that ends the following resets the instances of every rank.
    const bool window_made =
        call.kind == CallKind::Collective && call.coll.kind == CollectiveKind::WinCreate;
    if (window_made && join != 0 && races.inside_join(rank, join))
        sync(rank, SyncStep::Depart, join);
    if (window_made_or_freed || attaches(rank)) expose(rank);
    if (join != 0) {
        if (!window_freed && !window_made && follows_joins(races))
            sync(rank, SyncStep::Depart, join);
        if (call.kind == CallKind::Collective && call.coll.kind == CollectiveKind::WinFence &&
            !races.remote_empty())
            sync(rank, SyncStep::MemorySync, 0);
        return;
    }
    if (races.remote_empty()) return;
    // The lock word lives on PE 0: its address there names the lock for every PE.
    if (call.kind == CallKind::Shmem && call.shmem.op == shmem::ShmemOp::SetLock)
        if (const shmem::SymmetricMemory* memory = shmem::symmetric_memory())
            sync(rank, SyncStep::Acquire,
                 properties::shmem_lock_token(reinterpret_cast<std::uintptr_t>(
                     memory->translate(rank, call.shmem.address, sizeof(long), 0))));
    // A wait_until woken by a landing on its word learns what that landing carries.
    if (call.kind == CallKind::Shmem && call.shmem.op == shmem::ShmemOp::WaitUntil)
        sync(rank, SyncStep::Acquire,
             properties::shmem_signal_token(rank,
                                            reinterpret_cast<std::uintptr_t>(call.shmem.address)));
    if (call.kind != CallKind::Rma) return;
    // The window synchronisation calls that imply MPI_Win_sync (MPI 3.1 §11.7: lock, unlock,
    // post, start, complete, wait; not the flushes, which complete operations only): before
    // what they release and after what they acquire.
    const RmaKind kind = call.rma.kind;
    const bool syncs_memory = !mpi::communicates(kind) && kind != RmaKind::Flush &&
                              kind != RmaKind::FlushAll && kind != RmaKind::FlushLocal &&
                              kind != RmaKind::FlushLocalAll;
    if (syncs_memory) sync(rank, SyncStep::MemorySync, 0);
    completions(rank, call);
    // The calls that complete the rank's operations learn what its fetching atomics read.
    switch (call.rma.kind) {
    case RmaKind::Unlock:
    case RmaKind::UnlockAll:
    case RmaKind::Flush:
    case RmaKind::FlushAll:
    case RmaKind::FlushLocal:
    case RmaKind::FlushLocalAll:
    case RmaKind::Complete:
        sync(rank, SyncStep::Acquire, properties::atomic_fetch_token(rank));
        break;
    default:
        break;
    }
    const auto lock = [&](int target) {
        return sync_token(SyncChannel::Lock,
                          (window_id(call.rma.win) << 20U) | static_cast<std::uint32_t>(target));
    };
    switch (call.rma.kind) {
    case RmaKind::Unlock:
        sync(rank, SyncStep::Release, lock(world_target(rank, call.rma.win, call.rma.target)));
        break;
    case RmaKind::Lock:
        if (call.rma.lock_type == MPI_LOCK_EXCLUSIVE)
            sync(rank, SyncStep::Acquire, lock(world_target(rank, call.rma.win, call.rma.target)));
        break;
    case RmaKind::Start:
        sync(rank, SyncStep::Acquire, post_start_token(call.rma.win));
        break;
    case RmaKind::Wait:
        sync(rank, SyncStep::Acquire, sync_token(SyncChannel::PostWait, window_id(call.rma.win)));
        break;
    case RmaKind::Test: // "done" closed the exposure epoch: it acquires as MPI_Win_wait does
        if (const auto v = world_.windows().view(rank, call.rma.win);
            v && !world_.windows()
                      .at(v->index)
                      .members[static_cast<std::size_t>(v->my_rank)]
                      .exposure_posted)
            sync(rank, SyncStep::Acquire,
                 sync_token(SyncChannel::PostWait, window_id(call.rma.win)));
        break;
    default:
        break;
    }
    if (syncs_memory) sync(rank, SyncStep::MemorySync, 0);
}

void RemoteOrder::sent_directly(const properties::races::RaceMonitor& races, int rank,
                                std::uint64_t message_id) {
    if (races.remote_empty()) return;
    sync(rank, SyncStep::Release, sync_token(SyncChannel::Message, message_id));
}

void RemoteOrder::matched(const properties::races::RaceMonitor& races, const mpi::Match& match) {
    if (races.remote_empty()) return;
    sync(match.receiver, SyncStep::Acquire, sync_token(SyncChannel::Message, match.message_id));
}

} // namespace rankfold::mc
