// Shared by the files that define the shmem_* functions: the entry boilerplate (leave the
// application's context, note the call site, check the life cycle), errors, the symmetric
// address of a target PE, and the submission of a visible call.
#pragma once

#include "simulated-mpi/src/Api.hpp"
#include "simulated-shmem/interface/ShmemCall.hpp"
#include "simulated-shmem/interface/ShmemWorld.hpp"

#include <shmem.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

namespace rankfold::shmem {

// A call of one PE: where it runs, and how it reports a misuse (the PE's run ends there).
class ShmemEntry {
public:
    // `args`: the call's C arguments for the monitors, or none.
    ShmemEntry(const char* name, std::uintptr_t site, mpi::LocalArguments args = {});

    int pe() const { return pe_; }
    mpi::MpiWorld& world() const { return world_; }
    int n_pes() const { return world_.size(); }
    PeState& state() const { return world_.shmem().pe(pe_); }

    // Reports the misuse; returns only if the program asked MPI errors to return, and then the
    // call does nothing.
    void error(mpi::Misuse misuse, std::string message) const;
    // Between shmem_init and shmem_finalize; false after reporting.
    bool check_state() const;
    // `target` names a PE; false after reporting.
    bool check_pe(int target) const;
    // [address, address + bytes) of this PE seen on `target`, or nullptr after reporting (a
    // private address, a PE outside the world). `what` names the argument ("dest").
    void* remote(const void* address, std::size_t bytes, int target, const char* what) const;
    // The team `handle` names, with this PE in it and not destroyed by it; nullptr after
    // reporting (`invalid-team`).
    const Team* team(int handle) const;
    // The same team, to change (shmem_team_destroy).
    Team* world_team(int handle) const { return world_.shmem().team(handle); }
    // This PE's number in `team` (a team team() returned).
    int team_pe(const Team& team) const { return team.index_of(pe_); }
    // `pe` is a PE number of `team`; false after reporting (`invalid-pe`). `what` names it.
    bool check_team_pe(const Team& team, long pe, const char* what) const;
    // The team of the 1.4 active set (PE_start, 2^logPE_stride, PE_size), which must hold
    // PEs of the world and this PE; -1 after reporting.
    int active_set(int start, int log_stride, int size) const;
    // Hands a visible call to the scheduler; returns once it has completed.
    void submit(const ShmemCall& shmem) const;
    // Before a get or fetching atomic reads [there, there + bytes) of `target` (the target's
    // copy): if another PE's put there is still on its way, a visible call (ShmemOp::Fetch) at
    // which the explorer chooses whether it lands before the read (EXPLORATION.md §1).
    // `always`: the call is made even with nothing pending (a nonblocking fetching atomic ends
    // the PE's step there, so that its fetch buffer is watched from the next one).
    void observe(const void* there, std::size_t bytes, int target, bool always = false) const;
    // The context through_context chose for this call (0: SHMEM_CTX_DEFAULT).
    int context_used() const { return context_; }
    const char* name() const { return name_; }
    // Queues a put or non-fetching atomic of this PE (it lands later: ShmemDelivery.cpp), on
    // the context through_context chose.
    void post(PendingPut put) const;
    // The context `handle` names, for the rest of this call, and the world PE that `pe` of
    // its team is; -1 after reporting (`invalid-context`, `invalid-pe`). SHMEM_CTX_DEFAULT
    // leaves `pe` as it is (the world's PE numbers).
    int through_context(int handle, int pe) const;
    // The live context `handle` names (not SHMEM_CTX_DEFAULT), or nullptr after reporting.
    ShmemContext* context(int handle) const;
    // The call's return address in the program.
    std::uintptr_t site() const { return site_; }

private:
    const char* name_;
    std::uintptr_t site_;
    mpi::MpiWorld& world_;
    int pe_;
    mutable int context_ = 0; // through_context's choice
};

// Destroys this PE's live context `ctx` (not SHMEM_CTX_DEFAULT): completes its puts first
// (OpenSHMEM 1.5 §9.4.2), then frees the handle (shmem_ctx_destroy, shmem_team_destroy).
void destroy_context(const ShmemEntry& entry, int ctx);

// How far a strided transfer of `nelems` elements of `size` bytes, `stride` elements apart,
// reaches from its first element (contracts watch those bytes, gaps included).
inline std::uint64_t strided_bytes(std::size_t nelems, std::ptrdiff_t stride, std::size_t size) {
    if (nelems == 0) return 0;
    const auto step = static_cast<std::uint64_t>(stride < 0 ? -stride : stride);
    return ((nelems - 1) * step + 1) * size;
}

} // namespace rankfold::shmem

// Opens a shmem_* function whose C arguments the property monitors get (contracts): `args` is
// their parenthesised list in parameter order, buffers as `BufferArgument{address, bytes}`.
#define RF_SHMEM_ENTRY_ARGS(fname, args, ...)                                                      \
    ::rankfold::snapshot::RuntimeSection rf_section_;                                              \
    const ::rankfold::shmem::ShmemEntry entry(                                                     \
        fname, reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)),                      \
        ::rankfold::mpi::local_arguments args);                                                    \
    if (!entry.check_state()) return __VA_ARGS__

// The two forms of a routine family that has a context form (OpenSHMEM 1.5 §9.4): a definition
// macro takes P, empty for the default context's (shmem_int_put) or ctx_ for the context's
// (shmem_ctx_int_put, whose first parameter is the context: RF_CTX_PARAM_##P), which passes
// ctx to the monitors first (RF_CTX_ARG_##P: a contract's parameter 0) and then chooses the
// context, turning `pe` into a world PE (RF_CTX_SELECT_##P, returning its argument after a
// misuse).
#define RF_CTX_PARAM_
#define RF_CTX_PARAM_ctx_ shmem_ctx_t ctx,
#define RF_CTX_ARG_
#define RF_CTX_ARG_ctx_ ctx,
#define RF_CTX_SELECT_(...)
#define RF_CTX_SELECT_ctx_(...)                                                                    \
    if ((pe = entry.through_context(ctx, pe)) < 0) return __VA_ARGS__

// Opens a shmem_* function: `entry` describes the call; `fail` is what to return when the
// library is not initialized (nothing, for a void function).
#define RF_SHMEM_ENTRY(fname, ...)                                                                 \
    ::rankfold::snapshot::RuntimeSection rf_section_;                                              \
    const ::rankfold::shmem::ShmemEntry entry(                                                     \
        fname, reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)));                     \
    if (!entry.check_state()) return __VA_ARGS__
