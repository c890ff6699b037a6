// Atomic memory operations. The PEs run one at a time, so an operation done on the target's
// copy of the variable is atomic with respect to every other. A fetching one is done during
// the call (it returns the value); one without a result is queued like a put and lands when
// the explorer says or at the origin's quiet (ShmemDelivery.cpp), and two of one commuting
// kind (add, and, or, xor on one type) commute as landings. The 1.5 names have context forms
// (shmem_ctx_int_atomic_add: RF_CTX_* in ShmemApi.hpp), the 1.4 ones do not.
#include "simulated-shmem/src/ShmemApi.hpp"

#include <cstring>
#include <type_traits>
#include <utility>

// The definition macros below take a type T (in declarations like `T* dest`), which cannot be
// parenthesised.
// NOLINTBEGIN(bugprone-macro-parentheses)

namespace {

using rankfold::shmem::ShmemEntry;

// The target's copy of *dest, or nullptr after a reported misuse.
template <typename T> T* target(const ShmemEntry& entry, const T* dest, int pe) {
    return static_cast<T*>(entry.remote(dest, sizeof(T), pe, "dest"));
}

// Applies `update` to the target's value; returns the value before (T{} after a misuse).
template <typename T, typename Update>
T fetch_update(const ShmemEntry& entry, T* dest, int pe, Update update) {
    T* there = target(entry, dest, pe);
    if (there == nullptr) return T{};
    entry.observe(there, sizeof(T), pe);
    T old;
    std::memcpy(&old, there, sizeof(T));
    const T next = update(old);
    std::memcpy(there, &next, sizeof(T));
    return old;
}

// How a queued atomic combines with the target's value (PendingPut::update).
enum class Combining : std::uint32_t { None, Add, And, Or, Xor, Set };

template <typename T, Combining C> void combine_at(void* at, const void* operand) {
    T value;
    T with;
    std::memcpy(&value, at, sizeof(T));
    std::memcpy(&with, operand, sizeof(T));
    // For a floating-point T the bitwise cases are alike (empty): the standard has none.
    switch (C) {
    case Combining::Add:
        value = static_cast<T>(value + with);
        break;
    case Combining::And: // NOLINT(bugprone-branch-clone)
        if constexpr (std::is_integral_v<T>) value = static_cast<T>(value & with);
        break;
    case Combining::Or:
        if constexpr (std::is_integral_v<T>) value = static_cast<T>(value | with);
        break;
    case Combining::Xor:
        if constexpr (std::is_integral_v<T>) value = static_cast<T>(value ^ with);
        break;
    case Combining::Set:
    case Combining::None:
        value = with;
        break;
    }
    std::memcpy(at, &value, sizeof(T));
}

// Queues the non-fetching atomic `C` with `operand` on `dest` of `pe`.
template <typename T, Combining C>
void post_update(const ShmemEntry& entry, T* dest, T operand, int pe) {
    T* there = target(entry, dest, pe);
    if (there == nullptr) return;
    rankfold::shmem::PendingPut put;
    put.target = pe;
    put.at = reinterpret_cast<std::uintptr_t>(there);
    const auto* bytes = reinterpret_cast<const std::byte*>(&operand);
    put.data.assign(bytes, bytes + sizeof(T));
    put.update = &combine_at<T, C>;
    // Equal operators on one size of integer commute; a set commutes with nothing. Bit 28
    // keeps the tags apart from MPI accumulates' (RmaDelivery.cpp).
    if (C != Combining::Set)
        put.combine =
            1U << 28 | static_cast<std::uint32_t>(C) << 8 | static_cast<std::uint32_t>(sizeof(T));
    put.site = entry.site();
    entry.post(std::move(put));
}

} // namespace

// One form of the standard atomics (P: ShmemApi.hpp's RF_CTX_*).
#define RF_SHMEM_DEFINE_AMO_FORM(T, N, P)                                                          \
    RF_EXPORT T shmem_##P##N##_atomic_fetch_inc(RF_CTX_PARAM_##P T* dest, int pe) {                \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_atomic_fetch_inc", (RF_CTX_ARG_##P dest, pe),         \
                            static_cast<T>(0));                                                    \
        RF_CTX_SELECT_##P(static_cast<T>(0));                                                      \
        return fetch_update(entry, dest, pe, [](T v) { return static_cast<T>(v + 1); });           \
    }                                                                                              \
    RF_EXPORT void shmem_##P##N##_atomic_inc(RF_CTX_PARAM_##P T* dest, int pe) {                   \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_atomic_inc", (RF_CTX_ARG_##P dest, pe));              \
        RF_CTX_SELECT_##P();                                                                       \
        post_update<T, Combining::Add>(entry, dest, static_cast<T>(1), pe);                        \
    }                                                                                              \
    RF_EXPORT T shmem_##P##N##_atomic_fetch_add(RF_CTX_PARAM_##P T* dest, T value, int pe) {       \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_atomic_fetch_add", (RF_CTX_ARG_##P dest, value, pe),  \
                            static_cast<T>(0));                                                    \
        RF_CTX_SELECT_##P(static_cast<T>(0));                                                      \
        return fetch_update(entry, dest, pe, [=](T v) { return static_cast<T>(v + value); });      \
    }                                                                                              \
    RF_EXPORT void shmem_##P##N##_atomic_add(RF_CTX_PARAM_##P T* dest, T value, int pe) {          \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_atomic_add", (RF_CTX_ARG_##P dest, value, pe));       \
        RF_CTX_SELECT_##P();                                                                       \
        post_update<T, Combining::Add>(entry, dest, value, pe);                                    \
    }                                                                                              \
    RF_EXPORT T shmem_##P##N##_atomic_compare_swap(RF_CTX_PARAM_##P T* dest, T cond, T value,      \
                                                   int pe) {                                       \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_atomic_compare_swap",                                 \
                            (RF_CTX_ARG_##P dest, cond, value, pe), static_cast<T>(0));            \
        RF_CTX_SELECT_##P(static_cast<T>(0));                                                      \
        return fetch_update(entry, dest, pe, [=](T v) { return v == cond ? value : v; });          \
    }
// The 1.4 names (no context forms).
#define RF_SHMEM_DEFINE_AMO(T, N)                                                                  \
    RF_SHMEM_DEFINE_AMO_FORM(T, N, )                                                               \
    RF_SHMEM_DEFINE_AMO_FORM(T, N, ctx_)                                                           \
    RF_EXPORT T shmem_##N##_finc(T* dest, int pe) {                                                \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_finc", (dest, pe), static_cast<T>(0));                   \
        return fetch_update(entry, dest, pe, [](T v) { return static_cast<T>(v + 1); });           \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_inc(T* dest, int pe) {                                              \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_inc", (dest, pe));                                       \
        post_update<T, Combining::Add>(entry, dest, static_cast<T>(1), pe);                        \
    }                                                                                              \
    RF_EXPORT T shmem_##N##_fadd(T* dest, T value, int pe) {                                       \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_fadd", (dest, value, pe), static_cast<T>(0));            \
        return fetch_update(entry, dest, pe, [=](T v) { return static_cast<T>(v + value); });      \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_add(T* dest, T value, int pe) {                                     \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_add", (dest, value, pe));                                \
        post_update<T, Combining::Add>(entry, dest, value, pe);                                    \
    }                                                                                              \
    RF_EXPORT T shmem_##N##_cswap(T* dest, T cond, T value, int pe) {                              \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_cswap", (dest, cond, value, pe), static_cast<T>(0));     \
        return fetch_update(entry, dest, pe, [=](T v) { return v == cond ? value : v; });          \
    }
RF_SHMEM_AMO_TYPES(RF_SHMEM_DEFINE_AMO)

#define RF_SHMEM_DEFINE_EXTENDED_AMO_FORM(T, N, P)                                                 \
    RF_EXPORT T shmem_##P##N##_atomic_fetch(RF_CTX_PARAM_##P const T* source, int pe) {            \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_atomic_fetch", (RF_CTX_ARG_##P source, pe),           \
                            static_cast<T>(0));                                                    \
        RF_CTX_SELECT_##P(static_cast<T>(0));                                                      \
        return fetch_update(entry, const_cast<T*>(source), pe, [](T v) { return v; });             \
    }                                                                                              \
    RF_EXPORT void shmem_##P##N##_atomic_set(RF_CTX_PARAM_##P T* dest, T value, int pe) {          \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_atomic_set", (RF_CTX_ARG_##P dest, value, pe));       \
        RF_CTX_SELECT_##P();                                                                       \
        post_update<T, Combining::Set>(entry, dest, value, pe);                                    \
    }                                                                                              \
    RF_EXPORT T shmem_##P##N##_atomic_swap(RF_CTX_PARAM_##P T* dest, T value, int pe) {            \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_atomic_swap", (RF_CTX_ARG_##P dest, value, pe),       \
                            static_cast<T>(0));                                                    \
        RF_CTX_SELECT_##P(static_cast<T>(0));                                                      \
        return fetch_update(entry, dest, pe, [=](T) { return value; });                            \
    }
#define RF_SHMEM_DEFINE_EXTENDED_AMO(T, N)                                                         \
    RF_SHMEM_DEFINE_EXTENDED_AMO_FORM(T, N, )                                                      \
    RF_SHMEM_DEFINE_EXTENDED_AMO_FORM(T, N, ctx_)                                                  \
    RF_EXPORT T shmem_##N##_fetch(const T* source, int pe) {                                       \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_fetch", (source, pe), static_cast<T>(0));                \
        return fetch_update(entry, const_cast<T*>(source), pe, [](T v) { return v; });             \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_set(T* dest, T value, int pe) {                                     \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_set", (dest, value, pe));                                \
        post_update<T, Combining::Set>(entry, dest, value, pe);                                    \
    }                                                                                              \
    RF_EXPORT T shmem_##N##_swap(T* dest, T value, int pe) {                                       \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_swap", (dest, value, pe), static_cast<T>(0));            \
        return fetch_update(entry, dest, pe, [=](T) { return value; });                            \
    }
RF_SHMEM_EXTENDED_AMO_TYPES(RF_SHMEM_DEFINE_EXTENDED_AMO)

// FETCH and UPDATE name the two routines (atomic_fetch_and, atomic_and): `and` alone is an
// operator token in C++.
#define RF_SHMEM_DEFINE_BITWISE_AMO_FORM(T, N, P, FETCH, UPDATE, COMBINE, EXPR)                    \
    RF_EXPORT T shmem_##P##N##_##FETCH(RF_CTX_PARAM_##P T* dest, T value, int pe) {                \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_" #FETCH, (RF_CTX_ARG_##P dest, value, pe),           \
                            static_cast<T>(0));                                                    \
        RF_CTX_SELECT_##P(static_cast<T>(0));                                                      \
        return fetch_update(entry, dest, pe, [=](T v) { return static_cast<T>(EXPR); });           \
    }                                                                                              \
    RF_EXPORT void shmem_##P##N##_##UPDATE(RF_CTX_PARAM_##P T* dest, T value, int pe) {            \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_" #UPDATE, (RF_CTX_ARG_##P dest, value, pe));         \
        RF_CTX_SELECT_##P();                                                                       \
        post_update<T, Combining::COMBINE>(entry, dest, value, pe);                                \
    }
#define RF_SHMEM_DEFINE_BITWISE_AMO(T, N)                                                          \
    RF_SHMEM_DEFINE_BITWISE_AMO_FORM(T, N, , atomic_fetch_and, atomic_and, And, v& value)          \
    RF_SHMEM_DEFINE_BITWISE_AMO_FORM(T, N, , atomic_fetch_or, atomic_or, Or, v | value)            \
    RF_SHMEM_DEFINE_BITWISE_AMO_FORM(T, N, , atomic_fetch_xor, atomic_xor, Xor, v ^ value)         \
    RF_SHMEM_DEFINE_BITWISE_AMO_FORM(T, N, ctx_, atomic_fetch_and, atomic_and, And, v& value)      \
    RF_SHMEM_DEFINE_BITWISE_AMO_FORM(T, N, ctx_, atomic_fetch_or, atomic_or, Or, v | value)        \
    RF_SHMEM_DEFINE_BITWISE_AMO_FORM(T, N, ctx_, atomic_fetch_xor, atomic_xor, Xor, v ^ value)
RF_SHMEM_BITWISE_AMO_TYPES(RF_SHMEM_DEFINE_BITWISE_AMO)
// NOLINTEND(bugprone-macro-parentheses)
