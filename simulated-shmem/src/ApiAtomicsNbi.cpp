// The nonblocking fetching atomics (OpenSHMEM 1.5 §9.8: shmem_TYPE_atomic_fetch_nbi, _swap_nbi,
// _compare_swap_nbi, _fetch_inc_nbi, _fetch_add_nbi, _fetch_and/or/xor_nbi, and their
// context forms). Each is done at its call, the moment the standard allows first (like a
// blocking fetching atomic: the explorer may land other PEs' pending puts to the word first,
// ShmemEntry::observe), and writes the old value to *fetch at once. What the standard adds is
// that *fetch is the operation's until the next quiet of its context (or a call that starts
// with one): the PE's PendingFetch, which the race monitor watches as a buffer the operation
// writes, so that a read of it before the quiet is a local-buffer race.
#include "simulated-shmem/src/ShmemApi.hpp"

#include <cstring>

// The definition macros below take a type T (in declarations like `T* dest`), which cannot be
// parenthesised.
// NOLINTBEGIN(bugprone-macro-parentheses)

namespace {

using rankfold::shmem::ShmemEntry;

template <typename T, typename Update>
void fetch_nbi(const ShmemEntry& entry, T* fetch, const T* dest, int pe, Update update) {
    if (fetch == nullptr) {
        entry.error(rankfold::mpi::Misuse::InvalidArgument, "fetch is NULL");
        return;
    }
    auto* there = static_cast<T*>(entry.remote(dest, sizeof(T), pe, "dest"));
    if (there == nullptr) return;
    entry.state().fetches.push_back({reinterpret_cast<std::uintptr_t>(fetch), sizeof(T),
                                     entry.context_used(), entry.site(), entry.name()});
    // A visible call, always: the PE's step ends here, and the next one is watched.
    entry.observe(there, sizeof(T), pe, true);
    T old;
    std::memcpy(&old, there, sizeof(T));
    const T next = update(old);
    std::memcpy(there, &next, sizeof(T));
    std::memcpy(fetch, &old, sizeof(T));
}

} // namespace

#define RF_SHMEM_DEFINE_AMO_NBI_FORM(T, N, P)                                                      \
    RF_EXPORT void shmem_##P##N##_atomic_fetch_inc_nbi(RF_CTX_PARAM_##P T* fetch, T* dest,         \
                                                       int pe) {                                   \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_atomic_fetch_inc_nbi",                                \
                            (RF_CTX_ARG_##P fetch, dest, pe));                                     \
        RF_CTX_SELECT_##P();                                                                       \
        fetch_nbi(entry, fetch, dest, pe, [](T v) { return static_cast<T>(v + 1); });              \
    }                                                                                              \
    RF_EXPORT void shmem_##P##N##_atomic_fetch_add_nbi(RF_CTX_PARAM_##P T* fetch, T* dest,         \
                                                       T value, int pe) {                          \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_atomic_fetch_add_nbi",                                \
                            (RF_CTX_ARG_##P fetch, dest, value, pe));                              \
        RF_CTX_SELECT_##P();                                                                       \
        fetch_nbi(entry, fetch, dest, pe, [=](T v) { return static_cast<T>(v + value); });         \
    }                                                                                              \
    RF_EXPORT void shmem_##P##N##_atomic_compare_swap_nbi(RF_CTX_PARAM_##P T* fetch, T* dest,      \
                                                          T cond, T value, int pe) {               \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_atomic_compare_swap_nbi",                             \
                            (RF_CTX_ARG_##P fetch, dest, cond, value, pe));                        \
        RF_CTX_SELECT_##P();                                                                       \
        fetch_nbi(entry, fetch, dest, pe, [=](T v) { return v == cond ? value : v; });             \
    }
#define RF_SHMEM_DEFINE_AMO_NBI(T, N)                                                              \
    RF_SHMEM_DEFINE_AMO_NBI_FORM(T, N, )                                                           \
    RF_SHMEM_DEFINE_AMO_NBI_FORM(T, N, ctx_)
RF_SHMEM_AMO_TYPES(RF_SHMEM_DEFINE_AMO_NBI)

#define RF_SHMEM_DEFINE_EXTENDED_AMO_NBI_FORM(T, N, P)                                             \
    RF_EXPORT void shmem_##P##N##_atomic_fetch_nbi(RF_CTX_PARAM_##P T* fetch, const T* source,     \
                                                   int pe) {                                       \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_atomic_fetch_nbi",                                    \
                            (RF_CTX_ARG_##P fetch, source, pe));                                   \
        RF_CTX_SELECT_##P();                                                                       \
        fetch_nbi(entry, fetch, source, pe, [](T v) { return v; });                                \
    }                                                                                              \
    RF_EXPORT void shmem_##P##N##_atomic_swap_nbi(RF_CTX_PARAM_##P T* fetch, T* dest, T value,     \
                                                  int pe) {                                        \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_atomic_swap_nbi",                                     \
                            (RF_CTX_ARG_##P fetch, dest, value, pe));                              \
        RF_CTX_SELECT_##P();                                                                       \
        fetch_nbi(entry, fetch, dest, pe, [=](T) { return value; });                               \
    }
#define RF_SHMEM_DEFINE_EXTENDED_AMO_NBI(T, N)                                                     \
    RF_SHMEM_DEFINE_EXTENDED_AMO_NBI_FORM(T, N, )                                                  \
    RF_SHMEM_DEFINE_EXTENDED_AMO_NBI_FORM(T, N, ctx_)
RF_SHMEM_EXTENDED_AMO_TYPES(RF_SHMEM_DEFINE_EXTENDED_AMO_NBI)

#define RF_SHMEM_DEFINE_BITWISE_AMO_NBI_FORM(T, N, P, FETCH, EXPR)                                 \
    RF_EXPORT void shmem_##P##N##_##FETCH##_nbi(RF_CTX_PARAM_##P T* fetch, T* dest, T value,       \
                                                int pe) {                                          \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_" #FETCH "_nbi",                                      \
                            (RF_CTX_ARG_##P fetch, dest, value, pe));                              \
        RF_CTX_SELECT_##P();                                                                       \
        fetch_nbi(entry, fetch, dest, pe, [=](T v) { return static_cast<T>(EXPR); });              \
    }
#define RF_SHMEM_DEFINE_BITWISE_AMO_NBI(T, N)                                                      \
    RF_SHMEM_DEFINE_BITWISE_AMO_NBI_FORM(T, N, , atomic_fetch_and, v& value)                       \
    RF_SHMEM_DEFINE_BITWISE_AMO_NBI_FORM(T, N, , atomic_fetch_or, v | value)                       \
    RF_SHMEM_DEFINE_BITWISE_AMO_NBI_FORM(T, N, , atomic_fetch_xor, v ^ value)                      \
    RF_SHMEM_DEFINE_BITWISE_AMO_NBI_FORM(T, N, ctx_, atomic_fetch_and, v& value)                   \
    RF_SHMEM_DEFINE_BITWISE_AMO_NBI_FORM(T, N, ctx_, atomic_fetch_or, v | value)                   \
    RF_SHMEM_DEFINE_BITWISE_AMO_NBI_FORM(T, N, ctx_, atomic_fetch_xor, v ^ value)
RF_SHMEM_BITWISE_AMO_TYPES(RF_SHMEM_DEFINE_BITWISE_AMO_NBI)
// NOLINTEND(bugprone-macro-parentheses)
