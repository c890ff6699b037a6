// Info hints on windows (MPI 3.1 §11.2.7): MPI_Win_set_info and MPI_Win_get_info, and the
// hints the window constructors were given.
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/Window.hpp"
#include "simulated-mpi/src/WindowHints.hpp"

#include <fmt/format.h>

#include <algorithm>

using namespace rankfold::mpi;

namespace rankfold::mpi {

bool merge_window_hints(MpiWorld& world, int rank, MPI_Win win, MPI_Info info) {
    if (info == MPI_INFO_NULL) return true;
    const InfoEntries* entries = world.rank_state(rank).infos.find(info);
    const auto v = world.windows().view(rank, win);
    if (entries == nullptr || !v) return false;
    auto& hints = world.windows().at(v->index).members[static_cast<std::size_t>(v->my_rank)].hints;
    for (const auto& entry : *entries) {
        const auto& key = entry.first;
        auto it =
            std::find_if(hints.begin(), hints.end(), [&](const auto& h) { return h.first == key; });
        if (it == hints.end())
            hints.emplace_back(key, entry.second);
        else
            it->second = entry.second;
    }
    return true;
}

} // namespace rankfold::mpi

RF_EXPORT int MPI_Win_set_info(MPI_Win win, MPI_Info info) {
    RF_LOCAL_ENTRY("MPI_Win_set_info", win, info);
    if (!call.world.windows().view(call.rank, win))
        return call.error(MPI_COMM_WORLD, MPI_ERR_WIN, Misuse::InvalidHandle,
                          fmt::format("invalid window {:#x}", win));
    if (info == MPI_INFO_NULL || !merge_window_hints(call.world, call.rank, win, info))
        return call.error(win, MPI_ERR_INFO, Misuse::InvalidHandle,
                          fmt::format("invalid info object {:#x}", info));
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Win_get_info(MPI_Win win, MPI_Info* info_used) {
    RF_LOCAL_ENTRY("MPI_Win_get_info", win, info_used);
    const auto v = call.world.windows().view(call.rank, win);
    if (!v)
        return call.error(MPI_COMM_WORLD, MPI_ERR_WIN, Misuse::InvalidHandle,
                          fmt::format("invalid window {:#x}", win));
    // A new object the program owns and frees (MPI 3.1 §11.2.7).
    const WindowMember& m =
        call.world.windows().at(v->index).members[static_cast<std::size_t>(v->my_rank)];
    InfoEntries entries(m.hints.begin(), m.hints.end());
    const MPI_Info made = call.world.rank_state(call.rank).infos.add(std::move(entries));
    if (!write_out(info_used, made)) {
        call.world.rank_state(call.rank).infos.free(made);
        return call.error(win, MPI_ERR_ARG, Misuse::InvalidArgument, "info_used is not writable");
    }
    return MPI_SUCCESS;
}
