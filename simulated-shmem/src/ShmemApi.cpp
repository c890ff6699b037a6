#include "simulated-shmem/src/ShmemApi.hpp"

#include "simulated-shmem/interface/SymmetricMemory.hpp"

#include <fmt/format.h>

namespace rankfold::shmem {

ShmemEntry::ShmemEntry(const char* name, std::uintptr_t site, mpi::LocalArguments args)
    : name_(name), site_(site), world_(mpi::rank_gate().world()),
      pe_(mpi::rank_gate().current_rank()) {
    mpi::rank_gate().local_call(name, site, args);
}

void ShmemEntry::error(mpi::Misuse misuse, std::string message) const {
    // MPI_SUCCESS: SHMEM has no error classes to name.
    mpi::rank_gate().local_error(name_, MPI_COMM_WORLD, MPI_SUCCESS, misuse, std::move(message),
                                 site_);
}

bool ShmemEntry::check_state() const {
    const PeState& s = world_.shmem().pe(pe_);
    if (!s.initialized) {
        error(mpi::Misuse::CallBeforeInit, "called before shmem_init");
        return false;
    }
    if (s.finalized) {
        error(mpi::Misuse::CallAfterFinalize, "called after shmem_finalize");
        return false;
    }
    return true;
}

void ShmemEntry::post(PendingPut put) const {
    put.context = context_;
    // The race monitor sees the operation live from its call (ShmemDelivery.cpp tells it of
    // the landing); a put to the PE itself lands at once.
    if (put.target != pe_ && (!put.data.empty() || put.signal_at != 0)) {
        const bool signal_only = put.data.empty();
        const std::uintptr_t begin = signal_only ? put.signal_at : put.at;
        const std::uintptr_t end =
            signal_only ? put.signal_at + sizeof(std::uint64_t) : put.at + put.data.size();
        mpi::rank_gate().shmem_posted(pe_, put.target, begin, end, put.update != nullptr,
                                      put.data.size(), put.site, name_, put.context);
        if (!signal_only && put.signal_at != 0)
            mpi::rank_gate().shmem_posted(pe_, put.target, put.signal_at,
                                          put.signal_at + sizeof(std::uint64_t), true,
                                          sizeof(std::uint64_t), put.site, name_, put.context);
    }
    world_.shmem().post(pe_, std::move(put));
}

ShmemContext* ShmemEntry::context(int handle) const {
    std::vector<ShmemContext>& contexts = world_.shmem().pe(pe_).contexts;
    if (handle > 0 && handle <= static_cast<int>(contexts.size()) &&
        contexts[static_cast<std::size_t>(handle - 1)].alive)
        return &contexts[static_cast<std::size_t>(handle - 1)];
    if (handle == SHMEM_CTX_INVALID)
        error(mpi::Misuse::InvalidContext, "the context is SHMEM_CTX_INVALID");
    else if (handle == SHMEM_CTX_DEFAULT)
        error(mpi::Misuse::InvalidContext, "SHMEM_CTX_DEFAULT cannot be destroyed");
    else if (handle > 0 && handle <= static_cast<int>(contexts.size()))
        error(mpi::Misuse::InvalidContext,
              fmt::format("context {} was destroyed (by shmem_ctx_destroy, or with "
                          "its team by shmem_team_destroy)",
                          handle));
    else
        error(mpi::Misuse::InvalidContext,
              fmt::format("{} is not a context handle (shmem_ctx_create never made it)", handle));
    return nullptr;
}

int ShmemEntry::through_context(int handle, int pe) const {
    context_ = 0;
    if (handle == SHMEM_CTX_DEFAULT) return pe;
    const ShmemContext* c = context(handle);
    if (c == nullptr) return -1;
    context_ = handle;
    if (c->team == SHMEM_TEAM_WORLD) return pe;
    // A team's context: PE numbers are the team's (OpenSHMEM 1.5 §9.4.2).
    const Team* t = world_.shmem().team(c->team);
    if (t == nullptr || !check_team_pe(*t, pe, "pe")) return -1;
    return t->members[static_cast<std::size_t>(pe)].pe;
}

bool ShmemEntry::check_pe(int target) const {
    if (target >= 0 && target < n_pes()) return true;
    error(mpi::Misuse::InvalidPe,
          fmt::format("PE {} is not a PE of the world (0..{})", target, n_pes() - 1));
    return false;
}

void* ShmemEntry::remote(const void* address, std::size_t bytes, int target,
                         const char* what) const {
    if (!check_pe(target)) return nullptr;
    const SymmetricMemory* memory = symmetric_memory();
    void* there = memory ? memory->translate(pe_, address, bytes, target) : nullptr;
    if (there == nullptr)
        error(mpi::Misuse::NonSymmetricAddress,
              fmt::format("{} ({}, {} bytes) is not symmetric: use a global or static variable or "
                          "memory from shmem_malloc",
                          what, fmt::ptr(address), bytes));
    return there;
}

const Team* ShmemEntry::team(int handle) const {
    const Team* t = world_.shmem().team(handle);
    const int index = t ? t->index_of(pe_) : -1;
    if (index >= 0 && !t->members[static_cast<std::size_t>(index)].destroyed) return t;
    if (handle == SHMEM_TEAM_INVALID)
        error(mpi::Misuse::InvalidTeam, "the team is SHMEM_TEAM_INVALID (this PE is not in the "
                                        "team it was split into)");
    else if (t == nullptr)
        error(mpi::Misuse::InvalidTeam, fmt::format("{} is not a team handle", handle));
    else if (index < 0)
        error(mpi::Misuse::InvalidTeam, fmt::format("PE {} is not in team {}", pe_, handle));
    else
        error(mpi::Misuse::InvalidTeam, fmt::format("team {} was destroyed", handle));
    return nullptr;
}

bool ShmemEntry::check_team_pe(const Team& team, long pe, const char* what) const {
    if (pe >= 0 && pe < static_cast<long>(team.members.size())) return true;
    error(mpi::Misuse::InvalidPe, fmt::format("{} {} is not a PE of the team (0..{})", what, pe,
                                              static_cast<long>(team.members.size()) - 1));
    return false;
}

int ShmemEntry::active_set(int start, int log_stride, int size) const {
    if (size < 1 || log_stride < 0 || log_stride > 30) {
        error(mpi::Misuse::InvalidArgument,
              fmt::format("PE_size {} and logPE_stride {} are no active set", size, log_stride));
        return -1;
    }
    const long stride = 1L << log_stride;
    const long last = start + (size - 1) * stride;
    if (start < 0 || last >= n_pes()) {
        error(mpi::Misuse::InvalidPe,
              fmt::format("the active set (PE_start {}, stride {}, PE_size {}) reaches PE {}, "
                          "outside the world (0..{})",
                          start, stride, size, start < 0 ? start : last, n_pes() - 1));
        return -1;
    }
    if (pe_ < start || pe_ > last || (pe_ - start) % stride != 0) {
        error(mpi::Misuse::InvalidPe,
              fmt::format("PE {} is not in the active set (PE_start {}, stride {}, PE_size {})",
                          pe_, start, stride, size));
        return -1;
    }
    return world_.shmem().active_set(start, static_cast<int>(stride), size);
}

void ShmemEntry::observe(const void* there, std::size_t bytes, int target, bool always) const {
    const auto begin = reinterpret_cast<std::uintptr_t>(there);
    if (!always && (bytes == 0 || !world_.shmem().put_pending(pe_, target, begin, begin + bytes)))
        return;
    ShmemCall call;
    call.op = ShmemOp::Fetch;
    call.root = target;
    call.address = const_cast<void*>(there);
    call.size = bytes;
    submit(call);
}

void ShmemEntry::submit(const ShmemCall& shmem) const {
    mpi::RankCall call = mpi::make_call(mpi::CallKind::Shmem, name_, site_);
    call.announced = true; // the constructor reported it
    call.shmem = shmem;
    mpi::submit(call);
}

} // namespace rankfold::shmem
