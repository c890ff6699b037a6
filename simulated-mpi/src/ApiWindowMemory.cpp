// The memory of dynamic windows (MPI 3.1 §11.2.4): MPI_Win_attach and MPI_Win_detach, local
// calls by which a rank lends regions of its memory to a window made by
// MPI_Win_create_dynamic. Origins address them by absolute address (MPI_Get_address), and an
// access to bytes not attached at the target is an `rma-target-range` error (RmaOperations.cpp).
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/Window.hpp"

#include <fmt/format.h>

#include <algorithm>

using namespace rankfold::mpi;

namespace {

struct Found {
    Window* window;
    int my_rank;
};

// The caller's dynamic window `win`, or nothing after raising the error.
std::optional<Found> dynamic_window(const LocalCall& call, MPI_Win win, int* error) {
    const auto v = call.world.windows().view(call.rank, win);
    if (!v) {
        *error = call.error(MPI_COMM_WORLD, MPI_ERR_WIN, Misuse::InvalidHandle,
                            fmt::format("invalid window {:#x}", win));
        return std::nullopt;
    }
    Window& w = call.world.windows().at(v->index);
    if (w.flavor != MPI_WIN_FLAVOR_DYNAMIC) {
        *error = call.error(win, MPI_ERR_RMA_FLAVOR, Misuse::InvalidArgument,
                            "the window was not made by MPI_Win_create_dynamic: only dynamic "
                            "windows take attached memory (MPI 3.1 §11.2.4)");
        return std::nullopt;
    }
    return Found{&w, v->my_rank};
}

// The bytes at the target that operation `op` touches: [first, last).
std::pair<std::uintptr_t, std::uintptr_t> touched(const PendingRma& op) {
    const auto at = static_cast<std::uintptr_t>(op.target_offset);
    const std::int64_t last = (op.target_count - 1) * op.target_map->extent();
    return {at + static_cast<std::uintptr_t>(op.target_map->true_lb()),
            at + static_cast<std::uintptr_t>(last + op.target_map->true_ub())};
}

} // namespace

RF_EXPORT int MPI_Win_attach(MPI_Win win, void* base, MPI_Aint size) {
    RF_LOCAL_ENTRY("MPI_Win_attach", win, base, size);
    int error = MPI_SUCCESS;
    const auto found = dynamic_window(call, win, &error);
    if (!found) return error;
    if (size < 0)
        return call.error(win, MPI_ERR_SIZE, Misuse::InvalidArgument,
                          fmt::format("negative size {}", size));
    auto& attached = found->window->members[static_cast<std::size_t>(found->my_rank)].attached;
    const auto lo = reinterpret_cast<std::uintptr_t>(base);
    const auto hi = lo + static_cast<std::uintptr_t>(size);
    for (const auto& [address, bytes] : attached)
        if (lo < address + static_cast<std::uintptr_t>(bytes) && address < hi)
            return call.error(win, MPI_ERR_RMA_ATTACH, Misuse::InvalidArgument,
                              fmt::format("bytes [{:#x}, {:#x}) overlap the {} bytes attached at "
                                          "{:#x}: regions attached to one window may not "
                                          "overlap (MPI 3.1 §11.2.4)",
                                          lo, hi, bytes, address));
    attached.insert(std::lower_bound(attached.begin(), attached.end(),
                                     std::pair<std::uintptr_t, MPI_Aint>{lo, size}),
                    {lo, size});
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Win_detach(MPI_Win win, const void* base) {
    RF_LOCAL_ENTRY("MPI_Win_detach", win, base);
    int error = MPI_SUCCESS;
    const auto found = dynamic_window(call, win, &error);
    if (!found) return error;
    Window& w = *found->window;
    auto& attached = w.members[static_cast<std::size_t>(found->my_rank)].attached;
    const auto lo = reinterpret_cast<std::uintptr_t>(base);
    const auto it = std::find_if(attached.begin(), attached.end(),
                                 [&](const auto& region) { return region.first == lo; });
    if (it == attached.end())
        return call.error(win, MPI_ERR_RMA_ATTACH, Misuse::InvalidArgument,
                          fmt::format("no memory attached to the window starts at {:#x} (MPI "
                                      "3.1 §11.2.4: detach takes the base given to attach)",
                                      lo));
    const auto hi = lo + static_cast<std::uintptr_t>(it->second);
    // An operation to the region that has not landed would land in memory the window no longer
    // has (MPI 3.1 §11.2.4: memory is detached once no RMA operation targets it).
    for (std::size_t o = 0; o < w.members.size(); ++o)
        for (const PendingRma& op : w.members[o].pending) {
            if (op.target != found->my_rank || op.target_count <= 0) continue;
            const auto [first, last] = touched(op);
            if (first < hi && lo < last)
                return call.error(win, MPI_ERR_RMA_ATTACH, Misuse::RmaDetachPending,
                                  fmt::format("the memory at {:#x} is detached while an RMA "
                                              "operation of rank {} to it has not completed",
                                              lo, o));
        }
    attached.erase(it);
    return MPI_SUCCESS;
}
