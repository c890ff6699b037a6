// OneSided: the synchronisation calls of passive target (MPI 3.1 §11.5.3) and general active
// target (§11.5.2), and dispatching every one-sided call that is not collective.
#include "simulated-mpi/src/OneSided.hpp"

#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/RmaLanding.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::mpi {
namespace {

bool lock_free_for(const Window& w, int target, LockHeld type) {
    const WindowMember& t = w.members[static_cast<std::size_t>(target)];
    if (t.exclusive_holder >= 0) return false;
    return type == LockHeld::Shared || t.shared_holders == 0;
}

bool exposures_ready(const WindowMember& me) {
    return std::all_of(me.start_group.begin(), me.start_group.end(),
                       [&](int t) { return me.exposures[static_cast<std::size_t>(t)] > 0; });
}

} // namespace

Progress OneSided::issue(int rank, RankCall& call) {
    const auto v = core_.windows.view(rank, call.rma.win);
    if (!v) return core_.fail(rank, call, MPI_ERR_WIN, Misuse::InvalidHandle, "invalid window");
    Site s{rank, call, core_.windows.at(v->index), v->my_rank};
    switch (call.rma.kind) {
    case RmaKind::Lock:
    case RmaKind::LockAll:
        return lock(s);
    case RmaKind::Unlock:
    case RmaKind::UnlockAll:
        return unlock(s);
    case RmaKind::Flush:
    case RmaKind::FlushAll:
    case RmaKind::FlushLocal:
    case RmaKind::FlushLocalAll:
        return flush(s);
    case RmaKind::Sync:
        return Progress::Done; // memory is unified: nothing to copy
    case RmaKind::Post:
        return post(s);
    case RmaKind::Start:
        return start(s);
    case RmaKind::Complete:
        return complete_access(s);
    case RmaKind::Wait:
    case RmaKind::Test:
        return wait(s);
    default:
        return communicate(s);
    }
}

bool OneSided::ready(const WorldCore& core, int rank, const RankCall& call) {
    const auto v = core.windows.view(rank, call.rma.win);
    if (!v) return true;
    const Window& w = core.windows.at(v->index);
    const WindowMember& me = w.members[static_cast<std::size_t>(v->my_rank)];
    switch (call.rma.kind) {
    case RmaKind::Lock:
        return lock_free_for(w, me.lock_request, me.lock_request_type);
    case RmaKind::LockAll:
        for (int t = 0; t < static_cast<int>(w.members.size()); ++t)
            if (!lock_free_for(w, t, LockHeld::Shared)) return false;
        return true;
    case RmaKind::Start:
        return exposures_ready(me);
    case RmaKind::Wait:
        return me.completions == static_cast<int>(me.post_group.size());
    default:
        return true;
    }
}

Progress OneSided::complete(int rank, RankCall& call) {
    const auto v = core_.windows.view(rank, call.rma.win);
    if (!v) return Progress::Done;
    Window& w = core_.windows.at(v->index);
    WindowMember& me = w.members[static_cast<std::size_t>(v->my_rank)];
    switch (call.rma.kind) {
    case RmaKind::Lock: {
        WindowMember& t = w.members[static_cast<std::size_t>(me.lock_request)];
        if (me.lock_request_type == LockHeld::Exclusive)
            t.exclusive_holder = v->my_rank;
        else
            ++t.shared_holders;
        me.locks[static_cast<std::size_t>(me.lock_request)] = me.lock_request_type;
        me.lock_request = -1;
        me.lock_request_type = LockHeld::None;
        return Progress::Done;
    }
    case RmaKind::LockAll:
        for (WindowMember& t : w.members) ++t.shared_holders;
        me.lock_all = true;
        me.lock_request = -1;
        me.lock_request_type = LockHeld::None;
        return Progress::Done;
    case RmaKind::Start:
        for (int t : me.start_group) --me.exposures[static_cast<std::size_t>(t)];
        me.access_started = true;
        return Progress::Done;
    case RmaKind::Wait:
        me.exposure_posted = false;
        me.no_put = false; // the post's assertion held for its exposure epoch only
        me.post_group.clear();
        me.completions = 0;
        return Progress::Done;
    default:
        return Progress::Done;
    }
}

Progress OneSided::land(Site s, int target) {
    std::string why;
    if (land_pending(s.window, s.me, target, why)) return Progress::Done;
    return fail(s, MPI_ERR_RMA_RANGE, Misuse::InvalidArgument,
                fmt::format("an RMA operation cannot land: {}", why));
}

Progress OneSided::lock(Site s) {
    const RmaArgs& a = s.call.rma;
    WindowMember& me = s.member();
    const int n = static_cast<int>(s.window.members.size());
    const bool all = a.kind == RmaKind::LockAll;
    if (!all && a.lock_type != MPI_LOCK_EXCLUSIVE && a.lock_type != MPI_LOCK_SHARED)
        return fail(s, MPI_ERR_LOCKTYPE, Misuse::InvalidArgument,
                    fmt::format("lock type {} is neither MPI_LOCK_EXCLUSIVE nor MPI_LOCK_SHARED",
                                a.lock_type));
    if (!all && (a.target < 0 || a.target >= n))
        return fail(
            s, MPI_ERR_RANK, Misuse::RmaTargetRange,
            fmt::format("target rank {} is outside the window's group of {} ranks", a.target, n));
    if (me.access_started || me.exposure_posted || (me.fence_epoch && !me.pending.empty()))
        return fail(s, MPI_ERR_RMA_SYNC, Misuse::RmaSyncMix,
                    "a lock while a fence or post/start epoch is open on the window: "
                    "synchronisation modes may not be mixed (MPI 3.1 §11.5)");
    if (me.lock_all || (!all && me.locks[static_cast<std::size_t>(a.target)] != LockHeld::None) ||
        (all && me.any_lock()))
        return fail(s, MPI_ERR_RMA_SYNC, Misuse::RmaSyncMix,
                    "this rank already holds a lock on that target");
    me.fence_epoch = false;
    me.after_nosucceed = false;
    me.lock_request = all ? -2 : a.target;
    me.lock_request_type =
        all || a.lock_type == MPI_LOCK_SHARED ? LockHeld::Shared : LockHeld::Exclusive;
    return Progress::Blocked;
}

Progress OneSided::unlock(Site s) {
    const RmaArgs& a = s.call.rma;
    WindowMember& me = s.member();
    const int n = static_cast<int>(s.window.members.size());
    if (a.kind == RmaKind::UnlockAll) {
        if (!me.lock_all)
            return fail(s, MPI_ERR_RMA_SYNC, Misuse::UnlockWithoutLock,
                        "MPI_Win_unlock_all without MPI_Win_lock_all");
        if (land(s, -1) == Progress::Failed) return Progress::Failed;
        for (WindowMember& t : s.window.members) --t.shared_holders;
        s.member().lock_all = false;
        return Progress::Done;
    }
    if (a.target < 0 || a.target >= n ||
        me.locks[static_cast<std::size_t>(a.target)] == LockHeld::None)
        return fail(s, MPI_ERR_RMA_SYNC, Misuse::UnlockWithoutLock,
                    fmt::format("this rank holds no lock on target {}", a.target));
    if (land(s, a.target) == Progress::Failed) return Progress::Failed;
    WindowMember& t = s.window.members[static_cast<std::size_t>(a.target)];
    LockHeld& held = s.member().locks[static_cast<std::size_t>(a.target)];
    if (held == LockHeld::Exclusive)
        t.exclusive_holder = -1;
    else
        --t.shared_holders;
    held = LockHeld::None;
    return Progress::Done;
}

Progress OneSided::flush(Site s) {
    const RmaArgs& a = s.call.rma;
    const WindowMember& me = s.member();
    const bool all = a.kind == RmaKind::FlushAll || a.kind == RmaKind::FlushLocalAll;
    const int n = static_cast<int>(s.window.members.size());
    const bool locked =
        all ? me.any_lock()
            : (a.target >= 0 && a.target < n &&
               (me.lock_all || me.locks[static_cast<std::size_t>(a.target)] != LockHeld::None));
    if (!locked)
        return fail(
            s, MPI_ERR_RMA_SYNC, Misuse::RmaOutsideEpoch,
            all ? std::string("a flush outside a passive target epoch")
                : fmt::format("a flush of target {}, which this rank holds no lock on", a.target));
    // Local completion is modelled as remote completion: the result of a get must be there.
    return land(s, all ? -1 : a.target);
}

bool OneSided::group_ranks(Site s, std::vector<int>& out) {
    const GroupEntry* g = core_.ranks[s.rank].groups.find(s.call.rma.group);
    if (g == nullptr) {
        fail(s, MPI_ERR_GROUP, Misuse::InvalidHandle, "invalid group");
        return false;
    }
    out.clear();
    for (int world : g->members) {
        auto it = std::find_if(s.window.members.begin(), s.window.members.end(),
                               [&](const WindowMember& m) { return m.world_rank == world; });
        if (it == s.window.members.end()) {
            fail(s, MPI_ERR_RANK, Misuse::RmaTargetRange,
                 fmt::format("rank {} of the group is not in the window's group", world));
            return false;
        }
        out.push_back(static_cast<int>(it - s.window.members.begin()));
    }
    return true;
}

Progress OneSided::post(Site s) {
    WindowMember& me = s.member();
    if (me.exposure_posted || me.any_lock() || (me.fence_epoch && !me.pending.empty()))
        return fail(s, MPI_ERR_RMA_SYNC, Misuse::RmaSyncMix,
                    "MPI_Win_post while an exposure, lock or fence epoch is open on the window");
    std::vector<int> group;
    if (!group_ranks(s, group)) return Progress::Failed;
    me.fence_epoch = false;
    me.after_nosucceed = false;
    me.exposure_posted = true;
    me.no_put = (s.call.rma.assertion & MPI_MODE_NOPUT) != 0;
    me.completions = 0;
    for (int origin : group)
        ++s.window.members[static_cast<std::size_t>(origin)]
              .exposures[static_cast<std::size_t>(s.me)];
    s.member().post_group = std::move(group);
    return Progress::Done;
}

Progress OneSided::start(Site s) {
    WindowMember& me = s.member();
    if (me.access_started || me.any_lock() || (me.fence_epoch && !me.pending.empty()))
        return fail(s, MPI_ERR_RMA_SYNC, Misuse::RmaSyncMix,
                    "MPI_Win_start while an access, lock or fence epoch is open on the window");
    std::vector<int> group;
    if (!group_ranks(s, group)) return Progress::Failed;
    me.fence_epoch = false;
    me.after_nosucceed = false;
    me.start_group = std::move(group);
    return Progress::Blocked;
}

Progress OneSided::complete_access(Site s) {
    if (!s.member().access_started)
        return fail(s, MPI_ERR_RMA_SYNC, Misuse::CompleteWithoutStart,
                    "MPI_Win_complete without a matching MPI_Win_start");
    if (land(s, -1) == Progress::Failed) return Progress::Failed;
    WindowMember& me = s.member();
    for (int t : me.start_group) ++s.window.members[static_cast<std::size_t>(t)].completions;
    me.access_started = false;
    me.start_group.clear();
    return Progress::Done;
}

Progress OneSided::wait(Site s) {
    WindowMember& me = s.member();
    if (!me.exposure_posted)
        return fail(s, MPI_ERR_RMA_SYNC, Misuse::WaitWithoutPost,
                    fmt::format("{} without a matching MPI_Win_post", s.call.name));
    if (s.call.rma.kind == RmaKind::Wait) return Progress::Blocked;
    // The explorer's choice (CompletionQuery's open outcomes): "not yet" (0) is always open.
    const bool done =
        me.completions == static_cast<int>(me.post_group.size()) && s.call.outcome != 0;
    if (done) {
        me.exposure_posted = false;
        me.no_put = false;
        me.post_group.clear();
        me.completions = 0;
    }
    if (!write_out(s.call.rma.flag, done ? 1 : 0))
        return fail(s, MPI_ERR_ARG, Misuse::InvalidArgument, "the flag argument is not writable");
    return Progress::Done;
}

} // namespace rankfold::mpi
