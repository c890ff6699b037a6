#include "simulated-shmem/src/ShmemApi.hpp"

#include "simulated-shmem/interface/SymmetricMemory.hpp"

#include <fmt/format.h>

namespace rankfold::shmem {

ShmemEntry::ShmemEntry(const char* name, std::uintptr_t site)
    : name_(name), site_(site), world_(mpi::rank_gate().world()),
      pe_(mpi::rank_gate().current_rank()) {
    mpi::rank_gate().local_call(name, site);
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

void ShmemEntry::submit(const ShmemCall& shmem) const {
    mpi::RankCall call = mpi::make_call(mpi::CallKind::Shmem, name_, site_);
    call.shmem = shmem;
    mpi::submit(call);
}

} // namespace rankfold::shmem
