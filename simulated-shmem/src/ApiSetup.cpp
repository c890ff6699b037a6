// Library setup, exit and query; memory management; barrier_all, fence and quiet.
#include "simulated-shmem/src/ShmemApi.hpp"

#include "simulated-shmem/interface/SymmetricMemory.hpp"

#include <cstring>

using rankfold::shmem::ShmemCall;
using rankfold::shmem::ShmemOp;

namespace {

std::uintptr_t caller(void* address) {
    return reinterpret_cast<std::uintptr_t>(address);
}

// shmem_init before any check: it is what makes the others pass.
void init(const char* name, std::uintptr_t site) {
    ::rankfold::snapshot::RuntimeSection section;
    rankfold::mpi::RankCall call =
        rankfold::mpi::make_call(rankfold::mpi::CallKind::Shmem, name, site);
    call.shmem.op = ShmemOp::Init;
    rankfold::mpi::submit(call);
}

void* allocate(const char* name, std::uintptr_t site, std::size_t size, std::size_t alignment,
               bool zero) {
    ::rankfold::snapshot::RuntimeSection section;
    const rankfold::shmem::ShmemEntry entry(name, site);
    if (!entry.check_state()) return nullptr;
    void* block = nullptr;
    ShmemCall call;
    call.op = ShmemOp::Malloc;
    call.completes_puts = true;
    call.size = size;
    call.alignment = alignment;
    call.zero = zero;
    call.result = &block;
    entry.submit(call);
    return block;
}

} // namespace

RF_EXPORT void shmem_init(void) {
    init("shmem_init", caller(__builtin_return_address(0)));
}

RF_EXPORT int shmem_init_thread(int requested, int* provided) {
    init("shmem_init_thread", caller(__builtin_return_address(0)));
    // The PEs run one at a time: every level is provided.
    if (provided != nullptr) *provided = requested;
    return 0;
}

RF_EXPORT void shmem_query_thread(int* provided) {
    RF_SHMEM_ENTRY_ARGS("shmem_query_thread", (provided));
    if (provided != nullptr) *provided = SHMEM_THREAD_MULTIPLE;
}

RF_EXPORT void shmem_finalize(void) {
    RF_SHMEM_ENTRY("shmem_finalize");
    ShmemCall call;
    call.op = ShmemOp::Finalize;
    call.completes_puts = true;
    entry.submit(call);
}

RF_EXPORT void shmem_global_exit(int status) {
    RF_SHMEM_ENTRY_ARGS("shmem_global_exit", (status));
    rankfold::mpi::rank_gate().abort_run(status, caller(__builtin_return_address(0)));
}

RF_EXPORT int shmem_my_pe(void) {
    RF_SHMEM_ENTRY("shmem_my_pe", -1);
    return entry.pe();
}

RF_EXPORT int shmem_n_pes(void) {
    RF_SHMEM_ENTRY("shmem_n_pes", -1);
    return entry.n_pes();
}

RF_EXPORT int _my_pe(void) {
    RF_SHMEM_ENTRY("_my_pe", -1);
    return entry.pe();
}

RF_EXPORT int _num_pes(void) {
    RF_SHMEM_ENTRY("_num_pes", -1);
    return entry.n_pes();
}

RF_EXPORT int shmem_pe_accessible(int pe) {
    RF_SHMEM_ENTRY_ARGS("shmem_pe_accessible", (pe), 0);
    return pe >= 0 && pe < entry.n_pes() ? 1 : 0;
}

RF_EXPORT int shmem_addr_accessible(const void* addr, int pe) {
    RF_SHMEM_ENTRY_ARGS("shmem_addr_accessible", (addr, pe), 0);
    const rankfold::shmem::SymmetricMemory* memory = rankfold::shmem::symmetric_memory();
    if (pe < 0 || pe >= entry.n_pes() || memory == nullptr) return 0;
    return memory->translate(entry.pe(), addr, 1, pe) != nullptr ? 1 : 0;
}

// Another PE's memory is not load/store accessible here (NULL, as the standard allows): its
// accesses go through puts and gets, which the checker sees.
RF_EXPORT void* shmem_ptr(const void* dest, int pe) {
    RF_SHMEM_ENTRY_ARGS("shmem_ptr", (dest, pe), nullptr);
    if (!entry.check_pe(pe)) return nullptr;
    const rankfold::shmem::SymmetricMemory* memory = rankfold::shmem::symmetric_memory();
    if (pe != entry.pe() || memory == nullptr) return nullptr;
    return memory->translate(entry.pe(), dest, 1, pe);
}

RF_EXPORT void shmem_info_get_version(int* major, int* minor) {
    *major = SHMEM_MAJOR_VERSION;
    *minor = SHMEM_MINOR_VERSION;
}

RF_EXPORT void shmem_info_get_name(char* name) {
    std::strcpy(name, SHMEM_VENDOR_STRING);
}

// ---- memory management ---------------------------------------------------------------------

RF_EXPORT void* shmem_malloc(size_t size) {
    return allocate("shmem_malloc", caller(__builtin_return_address(0)), size, 0, false);
}

RF_EXPORT void* shmem_calloc(size_t count, size_t size) {
    return allocate("shmem_calloc", caller(__builtin_return_address(0)), count * size, 0, true);
}

RF_EXPORT void* shmem_align(size_t alignment, size_t size) {
    // A power of two, as the standard asks; anything else gives NULL.
    if (alignment == 0 || (alignment & (alignment - 1)) != 0) return nullptr;
    return allocate("shmem_align", caller(__builtin_return_address(0)), size, alignment, false);
}

RF_EXPORT void* shmem_realloc(void* ptr, size_t size) {
    RF_SHMEM_ENTRY_ARGS("shmem_realloc", (ptr, size), nullptr);
    void* block = nullptr;
    ShmemCall call;
    call.op = ShmemOp::Realloc;
    call.completes_puts = true;
    call.address = ptr;
    call.size = size;
    call.result = &block;
    entry.submit(call);
    return block;
}

RF_EXPORT void shmem_free(void* ptr) {
    RF_SHMEM_ENTRY_ARGS("shmem_free", (ptr));
    ShmemCall call;
    call.op = ShmemOp::Free;
    call.completes_puts = true;
    call.address = ptr;
    entry.submit(call);
}

// ---- barrier, ordering and completion ------------------------------------------------------

// OpenSHMEM 1.5 §9.9.1: before synchronising, shmem_barrier_all "ensures completion of all
// previously issued memory stores and remote memory updates" — the text names no context, and
// it is read here as every context of the PE (ShmemWorld::completed_context), as are the other
// calls that start with a quiet. shmem_quiet and shmem_fence are those of SHMEM_CTX_DEFAULT
// (§9.10: the forms without a ctx argument act on the default context).
RF_EXPORT void shmem_barrier_all(void) {
    RF_SHMEM_ENTRY("shmem_barrier_all");
    ShmemCall call;
    call.op = ShmemOp::BarrierAll;
    call.completes_puts = true;
    entry.submit(call);
}

// A barrier without the quiet: puts may still be on their way after it.
RF_EXPORT void shmem_sync_all(void) {
    RF_SHMEM_ENTRY("shmem_sync_all");
    ShmemCall call;
    call.op = ShmemOp::BarrierAll;
    entry.submit(call);
}

// A PE's puts to one target already land in the order issued (ShmemDelivery.cpp): a fence
// has nothing left to order there, but the race monitor counts on that order only across a
// fence (properties/races/ShmemOrder.cpp).
RF_EXPORT void shmem_fence(void) {
    RF_SHMEM_ENTRY("shmem_fence");
    rankfold::mpi::rank_gate().shmem_fenced(entry.pe(), 0);
}
// Visible: the explorer may still land some of the PE's puts before it, one by one.
RF_EXPORT void shmem_quiet(void) {
    RF_SHMEM_ENTRY("shmem_quiet");
    ShmemCall call;
    call.op = ShmemOp::Quiet;
    entry.submit(call);
}
