// Teams: the queries (local), the splits (collective over the parent team), destroy (local to
// the PE: the handle, and the contexts the PE created from the team, are invalid for it
// afterwards) and team_sync.
#include "simulated-shmem/src/ShmemApi.hpp"

#include <fmt/format.h>

using rankfold::mpi::Misuse;
using rankfold::shmem::ShmemCall;
using rankfold::shmem::ShmemOp;
using rankfold::shmem::Team;

namespace rankfold::shmem {
namespace {

// This PE's first live context of `team`, or 0.
int first_team_context(const ShmemEntry& entry, int team) {
    const std::vector<int> contexts = entry.world().shmem().team_contexts(entry.pe(), team);
    return contexts.empty() ? 0 : contexts.front();
}

} // namespace
} // namespace rankfold::shmem

namespace {

// The team for a query: nullptr without a report for SHMEM_TEAM_INVALID, whose queries the
// standard answers with -1.
const Team* queried(const rankfold::shmem::ShmemEntry& entry, shmem_team_t team) {
    if (team == SHMEM_TEAM_INVALID) return nullptr;
    return entry.team(team);
}

} // namespace

RF_EXPORT int shmem_team_my_pe(shmem_team_t team) {
    RF_SHMEM_ENTRY_ARGS("shmem_team_my_pe", (team), -1);
    const Team* t = queried(entry, team);
    return t ? entry.team_pe(*t) : -1;
}

RF_EXPORT int shmem_team_n_pes(shmem_team_t team) {
    RF_SHMEM_ENTRY_ARGS("shmem_team_n_pes", (team), -1);
    const Team* t = queried(entry, team);
    return t ? static_cast<int>(t->members.size()) : -1;
}

RF_EXPORT int shmem_team_get_config(shmem_team_t team, long config_mask,
                                    shmem_team_config_t* config) {
    RF_SHMEM_ENTRY_ARGS("shmem_team_get_config", (team, config_mask, config), -1);
    if (queried(entry, team) == nullptr) return -1;
    // Contexts are not modelled: a team asks for none.
    if (config != nullptr && (config_mask & SHMEM_TEAM_NUM_CONTEXTS) != 0) config->num_contexts = 0;
    return 0;
}

RF_EXPORT int shmem_team_translate_pe(shmem_team_t src_team, int src_pe, shmem_team_t dest_team) {
    RF_SHMEM_ENTRY_ARGS("shmem_team_translate_pe", (src_team, src_pe, dest_team), -1);
    const Team* from = queried(entry, src_team);
    if (from == nullptr) return -1;
    const Team* to = queried(entry, dest_team);
    if (to == nullptr) return -1;
    if (src_pe < 0 || src_pe >= static_cast<int>(from->members.size())) return -1;
    return to->index_of(from->members[static_cast<std::size_t>(src_pe)].pe);
}

RF_EXPORT int shmem_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                                       const shmem_team_config_t* config, long config_mask,
                                       shmem_team_t* new_team) {
    RF_SHMEM_ENTRY_ARGS("shmem_team_split_strided",
                        (parent_team, start, stride, size, config, config_mask, new_team), -1);
    if (parent_team == SHMEM_TEAM_INVALID) {
        *new_team = SHMEM_TEAM_INVALID;
        return -1;
    }
    const Team* parent = entry.team(parent_team);
    if (parent == nullptr) return -1;
    if (size <= 0 || (size > 1 && stride == 0)) {
        entry.error(Misuse::InvalidArgument,
                    fmt::format("size {} with stride {}: a team has at least one PE and no PE "
                                "twice",
                                size, stride));
        return -1;
    }
    const long last = start + static_cast<long>(size - 1) * stride;
    if (!entry.check_team_pe(*parent, start, "start") ||
        !entry.check_team_pe(*parent, last, "the last PE (start + (size - 1) * stride)"))
        return -1;
    ShmemCall call;
    call.op = ShmemOp::TeamSplit;
    call.team = parent_team;
    call.root = start;
    call.stride = stride;
    call.extent = size;
    call.new_team = new_team;
    entry.submit(call);
    return 0;
}

RF_EXPORT int shmem_team_split_2d(shmem_team_t parent_team, int xrange,
                                  const shmem_team_config_t* xaxis_config, long xaxis_mask,
                                  shmem_team_t* xaxis_team, const shmem_team_config_t* yaxis_config,
                                  long yaxis_mask, shmem_team_t* yaxis_team) {
    RF_SHMEM_ENTRY_ARGS("shmem_team_split_2d",
                        (parent_team, xrange, xaxis_config, xaxis_mask, xaxis_team, yaxis_config,
                         yaxis_mask, yaxis_team),
                        -1);
    if (parent_team == SHMEM_TEAM_INVALID) {
        *xaxis_team = *yaxis_team = SHMEM_TEAM_INVALID;
        return -1;
    }
    if (entry.team(parent_team) == nullptr) return -1;
    if (xrange <= 0) {
        entry.error(Misuse::InvalidArgument, fmt::format("xrange {} is not positive", xrange));
        return -1;
    }
    ShmemCall call;
    call.op = ShmemOp::TeamSplit2d;
    call.team = parent_team;
    call.extent = xrange;
    call.new_team = xaxis_team;
    call.new_team_y = yaxis_team;
    entry.submit(call);
    return 0;
}

RF_EXPORT void shmem_team_destroy(shmem_team_t team) {
    RF_SHMEM_ENTRY_ARGS("shmem_team_destroy", (team));
    if (team == SHMEM_TEAM_INVALID) return;
    if (team == SHMEM_TEAM_WORLD || team == SHMEM_TEAM_SHARED) {
        entry.error(Misuse::InvalidTeam, "a predefined team cannot be destroyed");
        return;
    }
    if (entry.team(team) == nullptr) return;
    // OpenSHMEM 1.5 §9.4.2: the contexts created from the team go with it (each completed
    // first, as shmem_ctx_destroy does: a visible call, after which the world may be another
    // copy, so the team is looked up again); using one afterwards is usage:invalid-context.
    // One at a time, nothing held across the visible call (this frame is on the PE's stack,
    // which a backtrack restores: an object owning checker memory would be freed twice).
    for (int ctx = rankfold::shmem::first_team_context(entry, team); ctx != 0;
         ctx = rankfold::shmem::first_team_context(entry, team))
        rankfold::shmem::destroy_context(entry, ctx);
    const Team* t = entry.world().shmem().team(team);
    Team& mine = *entry.world_team(team);
    mine.members[static_cast<std::size_t>(entry.team_pe(*t))].destroyed = true;
}

RF_EXPORT int shmem_team_sync(shmem_team_t team) {
    RF_SHMEM_ENTRY_ARGS("shmem_team_sync", (team), -1);
    if (entry.team(team) == nullptr) return -1;
    ShmemCall call;
    call.op = ShmemOp::TeamSync;
    call.team = team;
    entry.submit(call);
    return 0;
}
