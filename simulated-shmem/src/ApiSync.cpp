// Point-to-point synchronization (wait_until, test, the signal waits) and distributed locks.
// A wait is a visible call: the PE blocks until a put or atomic of another PE makes its
// condition true, and a wait nothing satisfies is a deadlock that names the condition.
#include "simulated-shmem/src/ShmemApi.hpp"

#include <fmt/format.h>

#include <cstring>
#include <type_traits>

// The definition macros below take a type T (in declarations like `T* dest`), which cannot be
// parenthesised.
// NOLINTBEGIN(bugprone-macro-parentheses)

using rankfold::shmem::Compare;
using rankfold::shmem::ShmemCall;
using rankfold::shmem::ShmemEntry;
using rankfold::shmem::ShmemOp;

namespace {

bool valid_compare(const ShmemEntry& entry, int cmp) {
    if (cmp >= SHMEM_CMP_EQ && cmp <= SHMEM_CMP_LE) return true;
    entry.error(rankfold::mpi::Misuse::InvalidArgument,
                fmt::format("{} is not a comparison (SHMEM_CMP_EQ .. SHMEM_CMP_LE)", cmp));
    return false;
}

// The variable must be this PE's symmetric memory (other PEs' puts must be able to reach it).
bool symmetric(const ShmemEntry& entry, const void* ivar, std::size_t size) {
    return entry.remote(ivar, size, entry.pe(), "ivar") != nullptr;
}

template <typename T> void wait_until(const ShmemEntry& entry, T* ivar, int cmp, T value) {
    if (!valid_compare(entry, cmp) || !symmetric(entry, ivar, sizeof(T))) return;
    ShmemCall call;
    call.op = ShmemOp::WaitUntil;
    call.address = ivar;
    call.size = sizeof(T);
    call.is_signed = std::is_signed_v<T>;
    call.cmp = static_cast<Compare>(cmp);
    std::memcpy(&call.operand, &value, sizeof(T));
    if (call.is_signed && value < 0) // sign-extend, as the runtime reads the variable
        call.operand = static_cast<std::uint64_t>(static_cast<std::int64_t>(value));
    entry.submit(call);
}

template <typename T> int test(const ShmemEntry& entry, const T* ivar, int cmp, T value) {
    if (!valid_compare(entry, cmp) || !symmetric(entry, ivar, sizeof(T))) return 0;
    return rankfold::shmem::compare(static_cast<Compare>(cmp), *ivar, value) ? 1 : 0;
}

long* lock_on_pe0(const ShmemEntry& entry, long* lock) {
    return static_cast<long*>(entry.remote(lock, sizeof(long), 0, "lock"));
}

} // namespace

#define RF_SHMEM_DEFINE_SYNC(T, N)                                                                 \
    RF_EXPORT void shmem_##N##_wait_until(T* ivar, int cmp, T cmp_value) {                         \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_wait_until", (ivar, cmp, cmp_value));                    \
        wait_until(entry, ivar, cmp, cmp_value);                                                   \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_wait(T* ivar, T cmp_value) {                                        \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_wait", (ivar, cmp_value));                               \
        wait_until(entry, ivar, SHMEM_CMP_NE, cmp_value);                                          \
    }                                                                                              \
    RF_EXPORT int shmem_##N##_test(T* ivar, int cmp, T cmp_value) {                                \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_test", (ivar, cmp, cmp_value), 0);                       \
        return test(entry, ivar, cmp, cmp_value);                                                  \
    }
RF_SHMEM_SYNC_TYPES(RF_SHMEM_DEFINE_SYNC)

RF_EXPORT void shmem_wait_until(long* ivar, int cmp, long cmp_value) {
    RF_SHMEM_ENTRY_ARGS("shmem_wait_until", (ivar, cmp, cmp_value));
    wait_until(entry, ivar, cmp, cmp_value);
}

RF_EXPORT void shmem_wait(long* ivar, long cmp_value) {
    RF_SHMEM_ENTRY_ARGS("shmem_wait", (ivar, cmp_value));
    wait_until(entry, ivar, SHMEM_CMP_NE, cmp_value);
}

RF_EXPORT uint64_t shmem_signal_fetch(const uint64_t* sig_addr) {
    RF_SHMEM_ENTRY_ARGS("shmem_signal_fetch", (sig_addr), 0);
    if (!symmetric(entry, sig_addr, sizeof *sig_addr)) return 0;
    return *sig_addr;
}

RF_EXPORT uint64_t shmem_signal_wait_until(uint64_t* sig_addr, int cmp, uint64_t cmp_value) {
    RF_SHMEM_ENTRY_ARGS("shmem_signal_wait_until", (sig_addr, cmp, cmp_value), 0);
    wait_until(entry, sig_addr, cmp, cmp_value);
    return *sig_addr;
}

// ---- locks: the lock word of PE 0 holds 1 + the holder, 0 when free ---------------------------

RF_EXPORT void shmem_set_lock(long* lock) {
    RF_SHMEM_ENTRY_ARGS("shmem_set_lock", (lock));
    if (lock_on_pe0(entry, lock) == nullptr) return;
    ShmemCall call;
    call.op = ShmemOp::SetLock;
    call.address = lock;
    entry.submit(call);
}

RF_EXPORT void shmem_clear_lock(long* lock) {
    RF_SHMEM_ENTRY_ARGS("shmem_clear_lock", (lock));
    long* word = lock_on_pe0(entry, lock);
    if (word == nullptr) return;
    if (*word != entry.pe() + 1) {
        entry.error(rankfold::mpi::Misuse::LockNotHeld,
                    *word == 0 ? std::string("the lock is not held by any PE")
                               : fmt::format("the lock is held by PE {}", *word - 1));
        return;
    }
    // The clear is a quiet: the critical section's puts land before the next holder looks.
    entry.world().shmem().land_all(entry.pe());
    rankfold::mpi::rank_gate().shmem_lock_cleared(entry.pe(),
                                                  reinterpret_cast<std::uintptr_t>(word));
    *word = 0;
}

RF_EXPORT int shmem_test_lock(long* lock) {
    RF_SHMEM_ENTRY_ARGS("shmem_test_lock", (lock), 1);
    long* word = lock_on_pe0(entry, lock);
    if (word == nullptr) return 1;
    if (*word != 0) return 1;
    *word = entry.pe() + 1;
    return 0;
}
// NOLINTEND(bugprone-macro-parentheses)
