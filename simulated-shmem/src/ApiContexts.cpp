// Communication contexts (OpenSHMEM 1.5 §9.4): create, destroy, the team of one, and their
// ordering and completion. A context is a stream of puts and atomics of its own: puts on it
// land in order to each target, independently of the other contexts' (ShmemDelivery.cpp);
// shmem_ctx_quiet(c) completes c's alone and shmem_quiet the default context's. The calls that
// start with a quiet (shmem_barrier_all, shmem_barrier, the allocation calls, shmem_finalize)
// and shmem_clear_lock complete every context of the PE (ApiSetup.cpp says why).
//
// PEs run one thread each (single-threaded PEs), so SHMEM_CTX_PRIVATE and SHMEM_CTX_SERIALIZED
// constrain nothing that can happen here: they are checked as options and kept, no more.
#include "simulated-shmem/src/ShmemApi.hpp"

#include <fmt/format.h>

#include <algorithm>

using rankfold::mpi::Misuse;
using rankfold::shmem::ShmemCall;
using rankfold::shmem::ShmemContext;
using rankfold::shmem::ShmemEntry;
using rankfold::shmem::ShmemOp;

namespace {

constexpr long kContextOptions = SHMEM_CTX_SERIALIZED | SHMEM_CTX_PRIVATE | SHMEM_CTX_NOSTORE;

// Makes a context of `team` for this PE and writes its handle to *ctx; nonzero after a misuse.
int create(const ShmemEntry& entry, long options, int team, shmem_ctx_t* ctx) {
    if ((options & ~kContextOptions) != 0) {
        entry.error(Misuse::InvalidArgument,
                    fmt::format("options {:#x} are not a combination of SHMEM_CTX_SERIALIZED, "
                                "SHMEM_CTX_PRIVATE and SHMEM_CTX_NOSTORE",
                                options));
        return -1;
    }
    if (ctx == nullptr) {
        entry.error(Misuse::InvalidArgument, "ctx is NULL");
        return -1;
    }
    std::vector<ShmemContext>& contexts = entry.state().contexts;
    // A destroyed context's place is taken again, so a loop that creates and destroys one
    // comes back to the same state.
    auto slot = std::find_if(contexts.begin(), contexts.end(),
                             [](const ShmemContext& c) { return !c.alive; });
    if (slot == contexts.end()) slot = contexts.insert(contexts.end(), ShmemContext{});
    slot->alive = true;
    slot->options = static_cast<int>(options);
    slot->team = team;
    *ctx = static_cast<shmem_ctx_t>(slot - contexts.begin() + 1);
    return 0;
}

// Completes the puts and atomics of context `handle` (a visible call: the explorer may land
// some of them first, one by one).
void quiet(const ShmemEntry& entry, int handle) {
    ShmemCall call;
    call.op = ShmemOp::Quiet;
    call.context = handle;
    entry.submit(call);
}

} // namespace

RF_EXPORT int shmem_ctx_create(long options, shmem_ctx_t* ctx) {
    RF_SHMEM_ENTRY_ARGS("shmem_ctx_create", (options, ctx), -1);
    return create(entry, options, SHMEM_TEAM_WORLD, ctx);
}

RF_EXPORT int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t* ctx) {
    RF_SHMEM_ENTRY_ARGS("shmem_team_create_ctx", (team, options, ctx), -1);
    if (team == SHMEM_TEAM_INVALID) { // the standard's answer: no context, no misuse
        if (ctx != nullptr) *ctx = SHMEM_CTX_INVALID;
        return -1;
    }
    if (entry.team(team) == nullptr) return -1;
    return create(entry, options, team, ctx);
}

// OpenSHMEM 1.5 §9.4.2: destroying a context first completes its operations (a quiet on it);
// SHMEM_CTX_INVALID is no operation; SHMEM_CTX_DEFAULT may not be destroyed.
RF_EXPORT void shmem_ctx_destroy(shmem_ctx_t ctx) {
    RF_SHMEM_ENTRY_ARGS("shmem_ctx_destroy", (ctx));
    if (ctx == SHMEM_CTX_INVALID) return;
    if (entry.context(ctx) == nullptr) return;
    rankfold::shmem::destroy_context(entry, ctx);
}

namespace rankfold::shmem {

void destroy_context(const ShmemEntry& entry, int ctx) {
    const auto& pending = entry.state().pending;
    const auto& fetches = entry.state().fetches;
    if (std::any_of(pending.begin(), pending.end(),
                    [ctx](const PendingPut& p) { return p.context == ctx; }) ||
        std::any_of(fetches.begin(), fetches.end(),
                    [ctx](const PendingFetch& f) { return f.context == ctx; }))
        quiet(entry, ctx);
    entry.state().contexts[static_cast<std::size_t>(ctx - 1)].alive = false;
}

} // namespace rankfold::shmem

RF_EXPORT int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t* team) {
    RF_SHMEM_ENTRY_ARGS("shmem_ctx_get_team", (ctx, team), -1);
    if (team == nullptr) {
        entry.error(Misuse::InvalidArgument, "team is NULL");
        return -1;
    }
    if (ctx == SHMEM_CTX_INVALID) { // the standard's answer
        *team = SHMEM_TEAM_INVALID;
        return -1;
    }
    if (ctx == SHMEM_CTX_DEFAULT) {
        *team = SHMEM_TEAM_WORLD;
        return 0;
    }
    const ShmemContext* c = entry.context(ctx);
    if (c == nullptr) return -1;
    *team = c->team;
    return 0;
}

// A context's puts to one target already land in the order issued: a fence has nothing left
// to order there, but the race monitor counts on that order only across a fence.
RF_EXPORT void shmem_ctx_fence(shmem_ctx_t ctx) {
    RF_SHMEM_ENTRY_ARGS("shmem_ctx_fence", (ctx));
    if (ctx != SHMEM_CTX_DEFAULT && entry.context(ctx) == nullptr) return;
    rankfold::mpi::rank_gate().shmem_fenced(entry.pe(), ctx);
}

RF_EXPORT void shmem_ctx_quiet(shmem_ctx_t ctx) {
    RF_SHMEM_ENTRY_ARGS("shmem_ctx_quiet", (ctx));
    if (ctx != SHMEM_CTX_DEFAULT && entry.context(ctx) == nullptr) return;
    quiet(entry, ctx);
}
