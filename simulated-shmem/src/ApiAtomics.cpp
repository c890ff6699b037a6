// Atomic memory operations. The PEs run one at a time, so an operation done during the call on
// the target's copy of the variable is atomic with respect to every other.
#include "simulated-shmem/src/ShmemApi.hpp"

#include <cstring>

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
    T old;
    std::memcpy(&old, there, sizeof(T));
    const T next = update(old);
    std::memcpy(there, &next, sizeof(T));
    return old;
}

} // namespace

#define RF_SHMEM_DEFINE_AMO(T, N)                                                                  \
    RF_EXPORT T shmem_##N##_atomic_fetch_inc(T* dest, int pe) {                                    \
        RF_SHMEM_ENTRY("shmem_" #N "_atomic_fetch_inc", static_cast<T>(0));                        \
        return fetch_update(entry, dest, pe, [](T v) { return static_cast<T>(v + 1); });           \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_atomic_inc(T* dest, int pe) {                                       \
        RF_SHMEM_ENTRY("shmem_" #N "_atomic_inc");                                                 \
        fetch_update(entry, dest, pe, [](T v) { return static_cast<T>(v + 1); });                  \
    }                                                                                              \
    RF_EXPORT T shmem_##N##_atomic_fetch_add(T* dest, T value, int pe) {                           \
        RF_SHMEM_ENTRY("shmem_" #N "_atomic_fetch_add", static_cast<T>(0));                        \
        return fetch_update(entry, dest, pe, [=](T v) { return static_cast<T>(v + value); });      \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_atomic_add(T* dest, T value, int pe) {                              \
        RF_SHMEM_ENTRY("shmem_" #N "_atomic_add");                                                 \
        fetch_update(entry, dest, pe, [=](T v) { return static_cast<T>(v + value); });             \
    }                                                                                              \
    RF_EXPORT T shmem_##N##_atomic_compare_swap(T* dest, T cond, T value, int pe) {                \
        RF_SHMEM_ENTRY("shmem_" #N "_atomic_compare_swap", static_cast<T>(0));                     \
        return fetch_update(entry, dest, pe, [=](T v) { return v == cond ? value : v; });          \
    }                                                                                              \
    RF_EXPORT T shmem_##N##_finc(T* dest, int pe) {                                                \
        RF_SHMEM_ENTRY("shmem_" #N "_finc", static_cast<T>(0));                                    \
        return fetch_update(entry, dest, pe, [](T v) { return static_cast<T>(v + 1); });           \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_inc(T* dest, int pe) {                                              \
        RF_SHMEM_ENTRY("shmem_" #N "_inc");                                                        \
        fetch_update(entry, dest, pe, [](T v) { return static_cast<T>(v + 1); });                  \
    }                                                                                              \
    RF_EXPORT T shmem_##N##_fadd(T* dest, T value, int pe) {                                       \
        RF_SHMEM_ENTRY("shmem_" #N "_fadd", static_cast<T>(0));                                    \
        return fetch_update(entry, dest, pe, [=](T v) { return static_cast<T>(v + value); });      \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_add(T* dest, T value, int pe) {                                     \
        RF_SHMEM_ENTRY("shmem_" #N "_add");                                                        \
        fetch_update(entry, dest, pe, [=](T v) { return static_cast<T>(v + value); });             \
    }                                                                                              \
    RF_EXPORT T shmem_##N##_cswap(T* dest, T cond, T value, int pe) {                              \
        RF_SHMEM_ENTRY("shmem_" #N "_cswap", static_cast<T>(0));                                   \
        return fetch_update(entry, dest, pe, [=](T v) { return v == cond ? value : v; });          \
    }
RF_SHMEM_AMO_TYPES(RF_SHMEM_DEFINE_AMO)

#define RF_SHMEM_DEFINE_EXTENDED_AMO(T, N)                                                         \
    RF_EXPORT T shmem_##N##_atomic_fetch(const T* source, int pe) {                                \
        RF_SHMEM_ENTRY("shmem_" #N "_atomic_fetch", static_cast<T>(0));                            \
        return fetch_update(entry, const_cast<T*>(source), pe, [](T v) { return v; });             \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_atomic_set(T* dest, T value, int pe) {                              \
        RF_SHMEM_ENTRY("shmem_" #N "_atomic_set");                                                 \
        fetch_update(entry, dest, pe, [=](T) { return value; });                                   \
    }                                                                                              \
    RF_EXPORT T shmem_##N##_atomic_swap(T* dest, T value, int pe) {                                \
        RF_SHMEM_ENTRY("shmem_" #N "_atomic_swap", static_cast<T>(0));                             \
        return fetch_update(entry, dest, pe, [=](T) { return value; });                            \
    }                                                                                              \
    RF_EXPORT T shmem_##N##_fetch(const T* source, int pe) {                                       \
        RF_SHMEM_ENTRY("shmem_" #N "_fetch", static_cast<T>(0));                                   \
        return fetch_update(entry, const_cast<T*>(source), pe, [](T v) { return v; });             \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_set(T* dest, T value, int pe) {                                     \
        RF_SHMEM_ENTRY("shmem_" #N "_set");                                                        \
        fetch_update(entry, dest, pe, [=](T) { return value; });                                   \
    }                                                                                              \
    RF_EXPORT T shmem_##N##_swap(T* dest, T value, int pe) {                                       \
        RF_SHMEM_ENTRY("shmem_" #N "_swap", static_cast<T>(0));                                    \
        return fetch_update(entry, dest, pe, [=](T) { return value; });                            \
    }
RF_SHMEM_EXTENDED_AMO_TYPES(RF_SHMEM_DEFINE_EXTENDED_AMO)

#define RF_SHMEM_DEFINE_BITWISE_AMO(T, N)                                                          \
    RF_EXPORT T shmem_##N##_atomic_fetch_and(T* dest, T value, int pe) {                           \
        RF_SHMEM_ENTRY("shmem_" #N "_atomic_fetch_and", static_cast<T>(0));                        \
        return fetch_update(entry, dest, pe, [=](T v) { return static_cast<T>(v & value); });      \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_atomic_and(T* dest, T value, int pe) {                              \
        RF_SHMEM_ENTRY("shmem_" #N "_atomic_and");                                                 \
        fetch_update(entry, dest, pe, [=](T v) { return static_cast<T>(v & value); });             \
    }                                                                                              \
    RF_EXPORT T shmem_##N##_atomic_fetch_or(T* dest, T value, int pe) {                            \
        RF_SHMEM_ENTRY("shmem_" #N "_atomic_fetch_or", static_cast<T>(0));                         \
        return fetch_update(entry, dest, pe, [=](T v) { return static_cast<T>(v | value); });      \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_atomic_or(T* dest, T value, int pe) {                               \
        RF_SHMEM_ENTRY("shmem_" #N "_atomic_or");                                                  \
        fetch_update(entry, dest, pe, [=](T v) { return static_cast<T>(v | value); });             \
    }                                                                                              \
    RF_EXPORT T shmem_##N##_atomic_fetch_xor(T* dest, T value, int pe) {                           \
        RF_SHMEM_ENTRY("shmem_" #N "_atomic_fetch_xor", static_cast<T>(0));                        \
        return fetch_update(entry, dest, pe, [=](T v) { return static_cast<T>(v ^ value); });      \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_atomic_xor(T* dest, T value, int pe) {                              \
        RF_SHMEM_ENTRY("shmem_" #N "_atomic_xor");                                                 \
        fetch_update(entry, dest, pe, [=](T v) { return static_cast<T>(v ^ value); });             \
    }
RF_SHMEM_BITWISE_AMO_TYPES(RF_SHMEM_DEFINE_BITWISE_AMO)
// NOLINTEND(bugprone-macro-parentheses)
