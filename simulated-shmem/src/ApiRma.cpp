// Remote memory access: puts and gets, typed, sized and strided, with their nbi and signal
// forms. A put reads its source during the call and is queued at the origin: it lands at the
// target when the explorer says, or at the origin's quiet (ShmemDelivery.cpp). A get reads the
// target's copy during the call (a blocking get returns with the data). An _nbi put is treated
// as a blocking one: it reads its source at the call, one of the moments the standard allows.
// Every call reports its arguments, buffers with the bytes they span, for contracts' read!/write!.
#include "simulated-shmem/src/ShmemApi.hpp"

#include <fmt/format.h>

#include <cstring>
#include <optional>

// The definition macros below take a type T (in declarations like `T* dest`), which cannot be
// parenthesised.
// NOLINTBEGIN(bugprone-macro-parentheses)

namespace {

using rankfold::mpi::BufferArgument;
using rankfold::shmem::ShmemEntry;
using rankfold::shmem::strided_bytes;

using rankfold::shmem::PendingPut;

// The put of `bytes` from `source` to `dest` on `pe`, or nothing after a reported misuse.
std::optional<PendingPut> make_put(const ShmemEntry& entry, void* dest, const void* source,
                                   std::size_t bytes, int pe) {
    if (bytes == 0) {
        if (!entry.check_pe(pe)) return std::nullopt;
        PendingPut put;
        put.target = pe;
        put.site = entry.site();
        return put;
    }
    void* there = entry.remote(dest, bytes, pe, "dest");
    if (there == nullptr) return std::nullopt;
    PendingPut put;
    put.target = pe;
    put.at = reinterpret_cast<std::uintptr_t>(there);
    const auto* from = static_cast<const std::byte*>(source);
    put.data.assign(from, from + bytes);
    put.site = entry.site();
    return put;
}

void put_bytes(const ShmemEntry& entry, void* dest, const void* source, std::size_t bytes, int pe) {
    if (bytes == 0) {
        entry.check_pe(pe);
        return;
    }
    if (auto put = make_put(entry, dest, source, bytes, pe)) entry.post(std::move(*put));
}

void get_bytes(const ShmemEntry& entry, void* dest, const void* source, std::size_t bytes, int pe) {
    if (bytes == 0) {
        entry.check_pe(pe);
        return;
    }
    if (const void* there = entry.remote(source, bytes, pe, "source"))
        std::memmove(dest, there, bytes);
}

// Strided: element i goes from source[i * sst] to dest[i * dst] (strides in elements).
void iput_bytes(const ShmemEntry& entry, char* dest, const char* source, std::ptrdiff_t dst,
                std::ptrdiff_t sst, std::size_t nelems, std::size_t size, int pe) {
    for (std::size_t i = 0; i < nelems; ++i)
        put_bytes(entry,
                  dest + static_cast<std::ptrdiff_t>(i) * dst * static_cast<std::ptrdiff_t>(size),
                  source + static_cast<std::ptrdiff_t>(i) * sst * static_cast<std::ptrdiff_t>(size),
                  size, pe);
}

void iget_bytes(const ShmemEntry& entry, char* dest, const char* source, std::ptrdiff_t dst,
                std::ptrdiff_t sst, std::size_t nelems, std::size_t size, int pe) {
    for (std::size_t i = 0; i < nelems; ++i)
        get_bytes(entry,
                  dest + static_cast<std::ptrdiff_t>(i) * dst * static_cast<std::ptrdiff_t>(size),
                  source + static_cast<std::ptrdiff_t>(i) * sst * static_cast<std::ptrdiff_t>(size),
                  size, pe);
}

// A put-with-signal: one pending operation whose signal lands right after its data (the
// standard orders them so).
void put_signal(const ShmemEntry& entry, void* dest, const void* source, std::size_t bytes,
                std::uint64_t* sig_addr, std::uint64_t value, int sig_op, int pe) {
    auto put = make_put(entry, dest, source, bytes, pe);
    if (!put) return;
    if (sig_op != SHMEM_SIGNAL_SET && sig_op != SHMEM_SIGNAL_ADD) {
        entry.error(
            rankfold::mpi::Misuse::InvalidArgument,
            fmt::format("sig_op {} is neither SHMEM_SIGNAL_SET nor SHMEM_SIGNAL_ADD", sig_op));
        return;
    }
    auto* there =
        static_cast<std::uint64_t*>(entry.remote(sig_addr, sizeof *sig_addr, pe, "sig_addr"));
    if (there == nullptr) return;
    put->signal_at = reinterpret_cast<std::uintptr_t>(there);
    put->signal = value;
    put->signal_add = sig_op == SHMEM_SIGNAL_ADD;
    entry.post(std::move(*put));
}

} // namespace

#define RF_SHMEM_DEFINE_RMA(T, N)                                                                  \
    RF_EXPORT void shmem_##N##_put(T* dest, const T* source, size_t nelems, int pe) {              \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_put",                                                    \
                            (BufferArgument{dest, nelems * sizeof(T)},                             \
                             BufferArgument{source, nelems * sizeof(T)}, nelems, pe));             \
        put_bytes(entry, dest, source, nelems * sizeof(T), pe);                                    \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_put_nbi(T* dest, const T* source, size_t nelems, int pe) {          \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_put_nbi",                                                \
                            (BufferArgument{dest, nelems * sizeof(T)},                             \
                             BufferArgument{source, nelems * sizeof(T)}, nelems, pe));             \
        put_bytes(entry, dest, source, nelems * sizeof(T), pe);                                    \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_get(T* dest, const T* source, size_t nelems, int pe) {              \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_get",                                                    \
                            (BufferArgument{dest, nelems * sizeof(T)},                             \
                             BufferArgument{source, nelems * sizeof(T)}, nelems, pe));             \
        get_bytes(entry, dest, source, nelems * sizeof(T), pe);                                    \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_get_nbi(T* dest, const T* source, size_t nelems, int pe) {          \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_get_nbi",                                                \
                            (BufferArgument{dest, nelems * sizeof(T)},                             \
                             BufferArgument{source, nelems * sizeof(T)}, nelems, pe));             \
        get_bytes(entry, dest, source, nelems * sizeof(T), pe);                                    \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_p(T* dest, T value, int pe) {                                       \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_p", (BufferArgument{dest, sizeof(T)}, value, pe));       \
        put_bytes(entry, dest, &value, sizeof(T), pe);                                             \
    }                                                                                              \
    RF_EXPORT T shmem_##N##_g(const T* source, int pe) {                                           \
        T value{};                                                                                 \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_g", (BufferArgument{source, sizeof(T)}, pe), value);     \
        get_bytes(entry, &value, source, sizeof(T), pe);                                           \
        return value;                                                                              \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_iput(T* dest, const T* source, ptrdiff_t dst, ptrdiff_t sst,        \
                                    size_t nelems, int pe) {                                       \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_iput",                                                   \
                            (BufferArgument{dest, strided_bytes(nelems, dst, sizeof(T))},          \
                             BufferArgument{source, strided_bytes(nelems, sst, sizeof(T))}, dst,   \
                             sst, nelems, pe));                                                    \
        iput_bytes(entry, reinterpret_cast<char*>(dest), reinterpret_cast<const char*>(source),    \
                   dst, sst, nelems, sizeof(T), pe);                                               \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_iget(T* dest, const T* source, ptrdiff_t dst, ptrdiff_t sst,        \
                                    size_t nelems, int pe) {                                       \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_iget",                                                   \
                            (BufferArgument{dest, strided_bytes(nelems, dst, sizeof(T))},          \
                             BufferArgument{source, strided_bytes(nelems, sst, sizeof(T))}, dst,   \
                             sst, nelems, pe));                                                    \
        iget_bytes(entry, reinterpret_cast<char*>(dest), reinterpret_cast<const char*>(source),    \
                   dst, sst, nelems, sizeof(T), pe);                                               \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_put_signal(T* dest, const T* source, size_t nelems,                 \
                                          uint64_t* sig_addr, uint64_t signal, int sig_op,         \
                                          int pe) {                                                \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_put_signal",                                             \
                            (BufferArgument{dest, nelems * sizeof(T)},                             \
                             BufferArgument{source, nelems * sizeof(T)}, nelems, sig_addr, signal, \
                             sig_op, pe));                                                         \
        put_signal(entry, dest, source, nelems * sizeof(T), sig_addr, signal, sig_op, pe);         \
    }                                                                                              \
    RF_EXPORT void shmem_##N##_put_signal_nbi(T* dest, const T* source, size_t nelems,             \
                                              uint64_t* sig_addr, uint64_t signal, int sig_op,     \
                                              int pe) {                                            \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_put_signal_nbi",                                         \
                            (BufferArgument{dest, nelems * sizeof(T)},                             \
                             BufferArgument{source, nelems * sizeof(T)}, nelems, sig_addr, signal, \
                             sig_op, pe));                                                         \
        put_signal(entry, dest, source, nelems * sizeof(T), sig_addr, signal, sig_op, pe);         \
    }
RF_SHMEM_RMA_TYPES(RF_SHMEM_DEFINE_RMA)

#define RF_SHMEM_DEFINE_SIZED(B)                                                                   \
    RF_EXPORT void shmem_put##B(void* dest, const void* source, size_t nelems, int pe) {           \
        RF_SHMEM_ENTRY_ARGS("shmem_put" #B,                                                        \
                            (BufferArgument{dest, nelems * (B / 8)},                               \
                             BufferArgument{source, nelems * (B / 8)}, nelems, pe));               \
        put_bytes(entry, dest, source, nelems*(B / 8), pe);                                        \
    }                                                                                              \
    RF_EXPORT void shmem_put##B##_nbi(void* dest, const void* source, size_t nelems, int pe) {     \
        RF_SHMEM_ENTRY_ARGS("shmem_put" #B "_nbi",                                                 \
                            (BufferArgument{dest, nelems * (B / 8)},                               \
                             BufferArgument{source, nelems * (B / 8)}, nelems, pe));               \
        put_bytes(entry, dest, source, nelems*(B / 8), pe);                                        \
    }                                                                                              \
    RF_EXPORT void shmem_get##B(void* dest, const void* source, size_t nelems, int pe) {           \
        RF_SHMEM_ENTRY_ARGS("shmem_get" #B,                                                        \
                            (BufferArgument{dest, nelems * (B / 8)},                               \
                             BufferArgument{source, nelems * (B / 8)}, nelems, pe));               \
        get_bytes(entry, dest, source, nelems*(B / 8), pe);                                        \
    }                                                                                              \
    RF_EXPORT void shmem_get##B##_nbi(void* dest, const void* source, size_t nelems, int pe) {     \
        RF_SHMEM_ENTRY_ARGS("shmem_get" #B "_nbi",                                                 \
                            (BufferArgument{dest, nelems * (B / 8)},                               \
                             BufferArgument{source, nelems * (B / 8)}, nelems, pe));               \
        get_bytes(entry, dest, source, nelems*(B / 8), pe);                                        \
    }                                                                                              \
    RF_EXPORT void shmem_iput##B(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,     \
                                 size_t nelems, int pe) {                                          \
        RF_SHMEM_ENTRY_ARGS("shmem_iput" #B,                                                       \
                            (BufferArgument{dest, strided_bytes(nelems, dst, (B / 8))},            \
                             BufferArgument{source, strided_bytes(nelems, sst, (B / 8))}, dst,     \
                             sst, nelems, pe));                                                    \
        iput_bytes(entry, static_cast<char*>(dest), static_cast<const char*>(source), dst, sst,    \
                   nelems, B / 8, pe);                                                             \
    }                                                                                              \
    RF_EXPORT void shmem_iget##B(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,     \
                                 size_t nelems, int pe) {                                          \
        RF_SHMEM_ENTRY_ARGS("shmem_iget" #B,                                                       \
                            (BufferArgument{dest, strided_bytes(nelems, dst, (B / 8))},            \
                             BufferArgument{source, strided_bytes(nelems, sst, (B / 8))}, dst,     \
                             sst, nelems, pe));                                                    \
        iget_bytes(entry, static_cast<char*>(dest), static_cast<const char*>(source), dst, sst,    \
                   nelems, B / 8, pe);                                                             \
    }                                                                                              \
    RF_EXPORT void shmem_put##B##_signal(void* dest, const void* source, size_t nelems,            \
                                         uint64_t* sig_addr, uint64_t signal, int sig_op,          \
                                         int pe) {                                                 \
        RF_SHMEM_ENTRY_ARGS("shmem_put" #B "_signal", (BufferArgument{dest, nelems * (B / 8)},     \
                                                       BufferArgument{source, nelems * (B / 8)},   \
                                                       nelems, sig_addr, signal, sig_op, pe));     \
        put_signal(entry, dest, source, nelems*(B / 8), sig_addr, signal, sig_op, pe);             \
    }                                                                                              \
    RF_EXPORT void shmem_put##B##_signal_nbi(void* dest, const void* source, size_t nelems,        \
                                             uint64_t* sig_addr, uint64_t signal, int sig_op,      \
                                             int pe) {                                             \
        RF_SHMEM_ENTRY_ARGS("shmem_put" #B "_signal_nbi",                                          \
                            (BufferArgument{dest, nelems * (B / 8)},                               \
                             BufferArgument{source, nelems * (B / 8)}, nelems, sig_addr, signal,   \
                             sig_op, pe));                                                         \
        put_signal(entry, dest, source, nelems*(B / 8), sig_addr, signal, sig_op, pe);             \
    }
RF_SHMEM_SIZES(RF_SHMEM_DEFINE_SIZED)

RF_EXPORT void shmem_putmem(void* dest, const void* source, size_t nelems, int pe) {
    RF_SHMEM_ENTRY_ARGS("shmem_putmem",
                        (BufferArgument{dest, nelems}, BufferArgument{source, nelems}, nelems, pe));
    put_bytes(entry, dest, source, nelems, pe);
}
RF_EXPORT void shmem_putmem_nbi(void* dest, const void* source, size_t nelems, int pe) {
    RF_SHMEM_ENTRY_ARGS("shmem_putmem_nbi",
                        (BufferArgument{dest, nelems}, BufferArgument{source, nelems}, nelems, pe));
    put_bytes(entry, dest, source, nelems, pe);
}
RF_EXPORT void shmem_getmem(void* dest, const void* source, size_t nelems, int pe) {
    RF_SHMEM_ENTRY_ARGS("shmem_getmem",
                        (BufferArgument{dest, nelems}, BufferArgument{source, nelems}, nelems, pe));
    get_bytes(entry, dest, source, nelems, pe);
}
RF_EXPORT void shmem_getmem_nbi(void* dest, const void* source, size_t nelems, int pe) {
    RF_SHMEM_ENTRY_ARGS("shmem_getmem_nbi",
                        (BufferArgument{dest, nelems}, BufferArgument{source, nelems}, nelems, pe));
    get_bytes(entry, dest, source, nelems, pe);
}
RF_EXPORT void shmem_putmem_signal(void* dest, const void* source, size_t nelems,
                                   uint64_t* sig_addr, uint64_t signal_value, int sig_op, int pe) {
    RF_SHMEM_ENTRY_ARGS("shmem_putmem_signal",
                        (BufferArgument{dest, nelems}, BufferArgument{source, nelems}, nelems,
                         sig_addr, signal_value, sig_op, pe));
    put_signal(entry, dest, source, nelems, sig_addr, signal_value, sig_op, pe);
}
RF_EXPORT void shmem_putmem_signal_nbi(void* dest, const void* source, size_t nelems,
                                       uint64_t* sig_addr, uint64_t signal_value, int sig_op,
                                       int pe) {
    RF_SHMEM_ENTRY_ARGS("shmem_putmem_signal_nbi",
                        (BufferArgument{dest, nelems}, BufferArgument{source, nelems}, nelems,
                         sig_addr, signal_value, sig_op, pe));
    put_signal(entry, dest, source, nelems, sig_addr, signal_value, sig_op, pe);
}
// NOLINTEND(bugprone-macro-parentheses)
