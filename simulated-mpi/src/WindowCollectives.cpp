// WindowCollectives: making, fencing and freeing windows.
#include "simulated-mpi/src/WindowCollectives.hpp"

#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/RmaLanding.hpp"
#include "simulated-mpi/src/SharedWindowLayout.hpp"
#include "simulated-mpi/src/SharedWindowMemory.hpp"

#include <fmt/format.h>

namespace rankfold::mpi {

bool WindowCollectives::fail(int code, Misuse misuse, std::string message) {
    core_.fail(rank_, call_, code, misuse, std::move(message));
    return false;
}

bool WindowCollectives::check(WorldCore& core, int rank, const RankCall& call) {
    const CollectiveArgs& a = call.coll;
    auto refuse = [&](int code, Misuse misuse, std::string message) {
        core.fail(rank, call, code, misuse, std::move(message));
        return false;
    };
    if (a.kind == CollectiveKind::WinCreate) {
        if (a.win_size < 0)
            return refuse(MPI_ERR_SIZE, Misuse::InvalidArgument,
                          fmt::format("negative window size {}", a.win_size));
        if (a.disp_unit <= 0)
            return refuse(MPI_ERR_DISP, Misuse::InvalidArgument,
                          fmt::format("displacement unit {} is not positive", a.disp_unit));
        return true;
    }
    const auto v = core.windows.view(rank, a.win);
    if (!v) return refuse(MPI_ERR_WIN, Misuse::InvalidHandle, "invalid window");
    const WindowMember& me =
        core.windows.at(v->index).members[static_cast<std::size_t>(v->my_rank)];
    if (a.kind == CollectiveKind::WinFence && me.passive_or_general_epoch())
        return refuse(MPI_ERR_RMA_SYNC, Misuse::RmaSyncMix,
                      "a fence while this rank has a lock or a post/start epoch open on the "
                      "window: synchronisation modes may not be mixed (MPI 3.1 §11.5)");
    // MPI 3.1 §11.5.5: NOPRECEDE says the fence completes no operation of this rank.
    if (a.kind == CollectiveKind::WinFence && (a.assertion & MPI_MODE_NOPRECEDE) != 0 &&
        !me.pending.empty())
        return refuse(MPI_ERR_ASSERT, Misuse::FenceAssertion,
                      fmt::format("MPI_MODE_NOPRECEDE, but the fence completes {} RMA "
                                  "operation(s) this rank issued (MPI 3.1 §11.5.5)",
                                  me.pending.size()));
    if (a.kind == CollectiveKind::WinFree) {
        if (me.passive_or_general_epoch())
            return refuse(MPI_ERR_RMA_SYNC, Misuse::WinFreeOpenEpoch,
                          "the window is freed while this rank has a lock or a post/start epoch "
                          "open on it (MPI 3.1 §11.2.5)");
        if (!me.pending.empty())
            return refuse(MPI_ERR_RMA_SYNC, Misuse::WinFreeOpenEpoch,
                          fmt::format("the window is freed with {} RMA operation(s) of this rank "
                                      "not completed by a fence (MPI 3.1 §11.2.5)",
                                      me.pending.size()));
    }
    return true;
}

bool WindowCollectives::execute(int id, const PendingCollective& op) {
    switch (op.parts[0].args.kind) {
    case CollectiveKind::WinCreate:
        return create(id, op);
    case CollectiveKind::WinFence:
        return fence(op);
    case CollectiveKind::WinFree:
        return free(op);
    default:
        return true;
    }
}

bool WindowCollectives::create(int id, const PendingCollective& op) {
    const std::vector<int> members = core_.comms.communicator(id).members;
    const int n = static_cast<int>(members.size());
    Window w;
    w.flavor = op.parts[0].args.flavor;
    w.comm_id = core_.comms.create(members);
    queue_.reset(w.comm_id);
    for (int i = 0; i < n; ++i) {
        const CollectivePart& p = op.parts[static_cast<std::size_t>(i)];
        WindowMember m;
        m.world_rank = p.rank;
        m.base = reinterpret_cast<std::uintptr_t>(p.args.recvbuf);
        m.size = p.args.win_size;
        m.disp_unit = p.args.disp_unit;
        m.attributes = p.args.win_attributes;
        m.comm = core_.comms.attach(p.rank, w.comm_id, p.site);
        m.site = p.site;
        m.locks.assign(static_cast<std::size_t>(n), LockHeld::None);
        m.exposures.assign(static_cast<std::size_t>(n), 0);
        w.members.push_back(std::move(m));
    }
    if (w.flavor == MPI_WIN_FLAVOR_SHARED && !place_shared(w, op))
        return fail(MPI_ERR_NO_MEM, Misuse::InvalidArgument,
                    "the shared window's memory does not fit in rank 0's heap");
    const int index = core_.windows.create(std::move(w));
    for (int i = 0; i < n; ++i) {
        const CollectivePart& p = op.parts[static_cast<std::size_t>(i)];
        const WindowAttributeBlock block{p.args.win_size, p.args.disp_unit, p.args.flavor,
                                         MPI_WIN_UNIFIED};
        if (!write_out(static_cast<WindowAttributeBlock*>(p.args.win_attributes), block) ||
            !write_out(p.args.newwin, window_handle(index)))
            return fail(MPI_ERR_ARG, Misuse::InvalidArgument,
                        fmt::format("{}: rank {}'s win argument is not writable", p.name, i));
    }
    return true;
}

// Every member's segment in one block of the group's rank 0 (SharedWindowMemory.hpp); the
// alloc_shared_noncontig hint counts if rank 0 gave it, as MPI 3.1 §11.2.3 lets it differ.
bool WindowCollectives::place_shared(Window& w, const PendingCollective& op) {
    std::vector<MPI_Aint> sizes;
    for (const WindowMember& m : w.members) sizes.push_back(m.size);
    const SharedWindowLayout layout =
        shared_window_layout(sizes, op.parts[0].args.shared_noncontig);
    if (layout.total == 0) return true; // every segment empty: every base is NULL
    void* block = allocate_shared_block(w.members[0].world_rank, layout.total);
    if (block == nullptr) return false;
    w.shared_block = reinterpret_cast<std::uintptr_t>(block);
    // An empty segment has no memory: its base is NULL, as in MPICH (MPICH's
    // win_shared_noncontig_put asserts it).
    for (std::size_t i = 0; i < w.members.size(); ++i)
        if (w.members[i].size > 0) w.members[i].base = w.shared_block + layout.offsets[i];
    return true;
}

bool WindowCollectives::fence(const PendingCollective& op) {
    const auto v = core_.windows.view(op.parts[0].rank, op.parts[0].args.win);
    if (!v) return fail(MPI_ERR_WIN, Misuse::InvalidHandle, "the window was freed");
    Window& w = core_.windows.at(v->index);
    // MPI_MODE_NOPRECEDE and NOSUCCEED are given by every member or by none (MPI 3.1 §11.5.5).
    for (const int mode : {MPI_MODE_NOPRECEDE, MPI_MODE_NOSUCCEED})
        for (std::size_t i = 1; i < op.parts.size(); ++i)
            if ((op.parts[i].args.assertion & mode) != (op.parts[0].args.assertion & mode))
                return fail(MPI_ERR_ASSERT, Misuse::FenceAssertion,
                            fmt::format("{} is given by rank {} of the window and not by rank "
                                        "{}: every member gives it or none (MPI 3.1 §11.5.5)",
                                        mode == MPI_MODE_NOPRECEDE ? "MPI_MODE_NOPRECEDE"
                                                                   : "MPI_MODE_NOSUCCEED",
                                        (op.parts[0].args.assertion & mode) != 0 ? 0 : i,
                                        (op.parts[0].args.assertion & mode) != 0 ? i : 0));
    // Every operation of the closing epoch lands now, origin by origin: a fence's outcome
    // does not depend on the order in which the ranks issued their calls.
    std::string why;
    for (int origin = 0; origin < static_cast<int>(w.members.size()); ++origin)
        if (!land_pending(w, origin, -1, why))
            return fail(MPI_ERR_RMA_RANGE, Misuse::InvalidArgument,
                        fmt::format("an operation of rank {} cannot land: {}", origin, why));
    for (std::size_t i = 0; i < w.members.size(); ++i) {
        w.members[i].fence_epoch = (op.parts[i].args.assertion & MPI_MODE_NOSUCCEED) == 0;
        w.members[i].no_put = (op.parts[i].args.assertion & MPI_MODE_NOPUT) != 0;
        w.members[i].after_nosucceed = !w.members[i].fence_epoch;
    }
    return true;
}

bool WindowCollectives::free(const PendingCollective& op) {
    const auto v = core_.windows.view(op.parts[0].rank, op.parts[0].args.win);
    if (!v) return fail(MPI_ERR_WIN, Misuse::InvalidHandle, "the window was freed");
    Window& w = core_.windows.at(v->index);
    if (w.shared_block != 0) {
        release_shared_block(w.members[0].world_rank, reinterpret_cast<void*>(w.shared_block));
        w.shared_block = 0;
    }
    for (std::size_t i = 0; i < w.members.size(); ++i) {
        WindowMember& m = w.members[i];
        core_.comms.release(m.world_rank, m.comm);
        const int world_rank = m.world_rank;
        m = WindowMember{};
        m.world_rank = world_rank;
        m.freed = true;
        write_out(op.parts[i].args.newwin, MPI_WIN_NULL);
    }
    return true;
}

} // namespace rankfold::mpi
