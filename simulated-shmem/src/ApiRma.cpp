// Remote memory access: puts and gets, typed, sized and strided, with their nbi and signal
// forms. A put reads its source during the call and is queued at the origin: it lands at the
// target when the explorer says, or at the origin's quiet (ShmemDelivery.cpp). A get reads the
// target's copy during the call (a blocking get returns with the data). An _nbi put is treated
// as a blocking one: it reads its source at the call, one of the moments the standard allows.
// Every call reports its arguments, buffers with the bytes they span, for contracts' read!/write!.
// Each routine has its context form (shmem_ctx_int_put: RF_CTX_* in ShmemApi.hpp), the
// default-context one being the same code with SHMEM_CTX_DEFAULT.
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
    if (const void* there = entry.remote(source, bytes, pe, "source")) {
        entry.observe(there, bytes, pe);
        std::memmove(dest, there, bytes);
    }
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

// One form of every typed routine (P: ShmemApi.hpp's RF_CTX_*).
#define RF_SHMEM_DEFINE_RMA_FORM(T, N, P)                                                          \
    RF_EXPORT void shmem_##P##N##_put(RF_CTX_PARAM_##P T* dest, const T* source, size_t nelems,    \
                                      int pe) {                                                    \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_put",                                                 \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems * sizeof(T)},              \
                             BufferArgument{source, nelems * sizeof(T)}, nelems, pe));             \
        RF_CTX_SELECT_##P();                                                                       \
        put_bytes(entry, dest, source, nelems * sizeof(T), pe);                                    \
    }                                                                                              \
    RF_EXPORT void shmem_##P##N##_put_nbi(RF_CTX_PARAM_##P T* dest, const T* source,               \
                                          size_t nelems, int pe) {                                 \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_put_nbi",                                             \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems * sizeof(T)},              \
                             BufferArgument{source, nelems * sizeof(T)}, nelems, pe));             \
        RF_CTX_SELECT_##P();                                                                       \
        put_bytes(entry, dest, source, nelems * sizeof(T), pe);                                    \
    }                                                                                              \
    RF_EXPORT void shmem_##P##N##_get(RF_CTX_PARAM_##P T* dest, const T* source, size_t nelems,    \
                                      int pe) {                                                    \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_get",                                                 \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems * sizeof(T)},              \
                             BufferArgument{source, nelems * sizeof(T)}, nelems, pe));             \
        RF_CTX_SELECT_##P();                                                                       \
        get_bytes(entry, dest, source, nelems * sizeof(T), pe);                                    \
    }                                                                                              \
    RF_EXPORT void shmem_##P##N##_get_nbi(RF_CTX_PARAM_##P T* dest, const T* source,               \
                                          size_t nelems, int pe) {                                 \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_get_nbi",                                             \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems * sizeof(T)},              \
                             BufferArgument{source, nelems * sizeof(T)}, nelems, pe));             \
        RF_CTX_SELECT_##P();                                                                       \
        get_bytes(entry, dest, source, nelems * sizeof(T), pe);                                    \
    }                                                                                              \
    RF_EXPORT void shmem_##P##N##_p(RF_CTX_PARAM_##P T* dest, T value, int pe) {                   \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_p",                                                   \
                            (RF_CTX_ARG_##P BufferArgument{dest, sizeof(T)}, value, pe));          \
        RF_CTX_SELECT_##P();                                                                       \
        put_bytes(entry, dest, &value, sizeof(T), pe);                                             \
    }                                                                                              \
    RF_EXPORT T shmem_##P##N##_g(RF_CTX_PARAM_##P const T* source, int pe) {                       \
        T value{};                                                                                 \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_g",                                                   \
                            (RF_CTX_ARG_##P BufferArgument{source, sizeof(T)}, pe), value);        \
        RF_CTX_SELECT_##P(value);                                                                  \
        get_bytes(entry, &value, source, sizeof(T), pe);                                           \
        return value;                                                                              \
    }                                                                                              \
    RF_EXPORT void shmem_##P##N##_iput(RF_CTX_PARAM_##P T* dest, const T* source, ptrdiff_t dst,   \
                                       ptrdiff_t sst, size_t nelems, int pe) {                     \
        RF_SHMEM_ENTRY_ARGS(                                                                       \
            "shmem_" #P #N "_iput",                                                                \
            (RF_CTX_ARG_##P BufferArgument{dest, strided_bytes(nelems, dst, sizeof(T))},           \
             BufferArgument{source, strided_bytes(nelems, sst, sizeof(T))}, dst, sst, nelems,      \
             pe));                                                                                 \
        RF_CTX_SELECT_##P();                                                                       \
        iput_bytes(entry, reinterpret_cast<char*>(dest), reinterpret_cast<const char*>(source),    \
                   dst, sst, nelems, sizeof(T), pe);                                               \
    }                                                                                              \
    RF_EXPORT void shmem_##P##N##_iget(RF_CTX_PARAM_##P T* dest, const T* source, ptrdiff_t dst,   \
                                       ptrdiff_t sst, size_t nelems, int pe) {                     \
        RF_SHMEM_ENTRY_ARGS(                                                                       \
            "shmem_" #P #N "_iget",                                                                \
            (RF_CTX_ARG_##P BufferArgument{dest, strided_bytes(nelems, dst, sizeof(T))},           \
             BufferArgument{source, strided_bytes(nelems, sst, sizeof(T))}, dst, sst, nelems,      \
             pe));                                                                                 \
        RF_CTX_SELECT_##P();                                                                       \
        iget_bytes(entry, reinterpret_cast<char*>(dest), reinterpret_cast<const char*>(source),    \
                   dst, sst, nelems, sizeof(T), pe);                                               \
    }                                                                                              \
    RF_EXPORT void shmem_##P##N##_put_signal(RF_CTX_PARAM_##P T* dest, const T* source,            \
                                             size_t nelems, uint64_t* sig_addr, uint64_t signal,   \
                                             int sig_op, int pe) {                                 \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_put_signal",                                          \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems * sizeof(T)},              \
                             BufferArgument{source, nelems * sizeof(T)}, nelems, sig_addr, signal, \
                             sig_op, pe));                                                         \
        RF_CTX_SELECT_##P();                                                                       \
        put_signal(entry, dest, source, nelems * sizeof(T), sig_addr, signal, sig_op, pe);         \
    }                                                                                              \
    RF_EXPORT void shmem_##P##N##_put_signal_nbi(RF_CTX_PARAM_##P T* dest, const T* source,        \
                                                 size_t nelems, uint64_t* sig_addr,                \
                                                 uint64_t signal, int sig_op, int pe) {            \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P #N "_put_signal_nbi",                                      \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems * sizeof(T)},              \
                             BufferArgument{source, nelems * sizeof(T)}, nelems, sig_addr, signal, \
                             sig_op, pe));                                                         \
        RF_CTX_SELECT_##P();                                                                       \
        put_signal(entry, dest, source, nelems * sizeof(T), sig_addr, signal, sig_op, pe);         \
    }
#define RF_SHMEM_DEFINE_RMA(T, N)                                                                  \
    RF_SHMEM_DEFINE_RMA_FORM(T, N, )                                                               \
    RF_SHMEM_DEFINE_RMA_FORM(T, N, ctx_)
RF_SHMEM_RMA_TYPES(RF_SHMEM_DEFINE_RMA)

#define RF_SHMEM_DEFINE_SIZED_FORM(B, P)                                                           \
    RF_EXPORT void shmem_##P##put##B(RF_CTX_PARAM_##P void* dest, const void* source,              \
                                     size_t nelems, int pe) {                                      \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P "put" #B,                                                  \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems * (B / 8)},                \
                             BufferArgument{source, nelems * (B / 8)}, nelems, pe));               \
        RF_CTX_SELECT_##P();                                                                       \
        put_bytes(entry, dest, source, nelems*(B / 8), pe);                                        \
    }                                                                                              \
    RF_EXPORT void shmem_##P##put##B##_nbi(RF_CTX_PARAM_##P void* dest, const void* source,        \
                                           size_t nelems, int pe) {                                \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P "put" #B "_nbi",                                           \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems * (B / 8)},                \
                             BufferArgument{source, nelems * (B / 8)}, nelems, pe));               \
        RF_CTX_SELECT_##P();                                                                       \
        put_bytes(entry, dest, source, nelems*(B / 8), pe);                                        \
    }                                                                                              \
    RF_EXPORT void shmem_##P##get##B(RF_CTX_PARAM_##P void* dest, const void* source,              \
                                     size_t nelems, int pe) {                                      \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P "get" #B,                                                  \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems * (B / 8)},                \
                             BufferArgument{source, nelems * (B / 8)}, nelems, pe));               \
        RF_CTX_SELECT_##P();                                                                       \
        get_bytes(entry, dest, source, nelems*(B / 8), pe);                                        \
    }                                                                                              \
    RF_EXPORT void shmem_##P##get##B##_nbi(RF_CTX_PARAM_##P void* dest, const void* source,        \
                                           size_t nelems, int pe) {                                \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P "get" #B "_nbi",                                           \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems * (B / 8)},                \
                             BufferArgument{source, nelems * (B / 8)}, nelems, pe));               \
        RF_CTX_SELECT_##P();                                                                       \
        get_bytes(entry, dest, source, nelems*(B / 8), pe);                                        \
    }                                                                                              \
    RF_EXPORT void shmem_##P##iput##B(RF_CTX_PARAM_##P void* dest, const void* source,             \
                                      ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe) {       \
        RF_SHMEM_ENTRY_ARGS(                                                                       \
            "shmem_" #P "iput" #B,                                                                 \
            (RF_CTX_ARG_##P BufferArgument{dest, strided_bytes(nelems, dst, (B / 8))},             \
             BufferArgument{source, strided_bytes(nelems, sst, (B / 8))}, dst, sst, nelems, pe));  \
        RF_CTX_SELECT_##P();                                                                       \
        iput_bytes(entry, static_cast<char*>(dest), static_cast<const char*>(source), dst, sst,    \
                   nelems, B / 8, pe);                                                             \
    }                                                                                              \
    RF_EXPORT void shmem_##P##iget##B(RF_CTX_PARAM_##P void* dest, const void* source,             \
                                      ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe) {       \
        RF_SHMEM_ENTRY_ARGS(                                                                       \
            "shmem_" #P "iget" #B,                                                                 \
            (RF_CTX_ARG_##P BufferArgument{dest, strided_bytes(nelems, dst, (B / 8))},             \
             BufferArgument{source, strided_bytes(nelems, sst, (B / 8))}, dst, sst, nelems, pe));  \
        RF_CTX_SELECT_##P();                                                                       \
        iget_bytes(entry, static_cast<char*>(dest), static_cast<const char*>(source), dst, sst,    \
                   nelems, B / 8, pe);                                                             \
    }                                                                                              \
    RF_EXPORT void shmem_##P##put##B##_signal(RF_CTX_PARAM_##P void* dest, const void* source,     \
                                              size_t nelems, uint64_t* sig_addr, uint64_t signal,  \
                                              int sig_op, int pe) {                                \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P "put" #B "_signal",                                        \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems * (B / 8)},                \
                             BufferArgument{source, nelems * (B / 8)}, nelems, sig_addr, signal,   \
                             sig_op, pe));                                                         \
        RF_CTX_SELECT_##P();                                                                       \
        put_signal(entry, dest, source, nelems*(B / 8), sig_addr, signal, sig_op, pe);             \
    }                                                                                              \
    RF_EXPORT void shmem_##P##put##B##_signal_nbi(RF_CTX_PARAM_##P void* dest, const void* source, \
                                                  size_t nelems, uint64_t* sig_addr,               \
                                                  uint64_t signal, int sig_op, int pe) {           \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P "put" #B "_signal_nbi",                                    \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems * (B / 8)},                \
                             BufferArgument{source, nelems * (B / 8)}, nelems, sig_addr, signal,   \
                             sig_op, pe));                                                         \
        RF_CTX_SELECT_##P();                                                                       \
        put_signal(entry, dest, source, nelems*(B / 8), sig_addr, signal, sig_op, pe);             \
    }
#define RF_SHMEM_DEFINE_SIZED(B)                                                                   \
    RF_SHMEM_DEFINE_SIZED_FORM(B, )                                                                \
    RF_SHMEM_DEFINE_SIZED_FORM(B, ctx_)
RF_SHMEM_SIZES(RF_SHMEM_DEFINE_SIZED)

#define RF_SHMEM_DEFINE_MEM_FORMS(P)                                                               \
    RF_EXPORT void shmem_##P##putmem(RF_CTX_PARAM_##P void* dest, const void* source,              \
                                     size_t nelems, int pe) {                                      \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P "putmem", (RF_CTX_ARG_##P BufferArgument{dest, nelems},    \
                                                   BufferArgument{source, nelems}, nelems, pe));   \
        RF_CTX_SELECT_##P();                                                                       \
        put_bytes(entry, dest, source, nelems, pe);                                                \
    }                                                                                              \
    RF_EXPORT void shmem_##P##putmem_nbi(RF_CTX_PARAM_##P void* dest, const void* source,          \
                                         size_t nelems, int pe) {                                  \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P "putmem_nbi",                                              \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems},                          \
                             BufferArgument{source, nelems}, nelems, pe));                         \
        RF_CTX_SELECT_##P();                                                                       \
        put_bytes(entry, dest, source, nelems, pe);                                                \
    }                                                                                              \
    RF_EXPORT void shmem_##P##getmem(RF_CTX_PARAM_##P void* dest, const void* source,              \
                                     size_t nelems, int pe) {                                      \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P "getmem", (RF_CTX_ARG_##P BufferArgument{dest, nelems},    \
                                                   BufferArgument{source, nelems}, nelems, pe));   \
        RF_CTX_SELECT_##P();                                                                       \
        get_bytes(entry, dest, source, nelems, pe);                                                \
    }                                                                                              \
    RF_EXPORT void shmem_##P##getmem_nbi(RF_CTX_PARAM_##P void* dest, const void* source,          \
                                         size_t nelems, int pe) {                                  \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P "getmem_nbi",                                              \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems},                          \
                             BufferArgument{source, nelems}, nelems, pe));                         \
        RF_CTX_SELECT_##P();                                                                       \
        get_bytes(entry, dest, source, nelems, pe);                                                \
    }                                                                                              \
    RF_EXPORT void shmem_##P##putmem_signal(RF_CTX_PARAM_##P void* dest, const void* source,       \
                                            size_t nelems, uint64_t* sig_addr,                     \
                                            uint64_t signal_value, int sig_op, int pe) {           \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P "putmem_signal",                                           \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems},                          \
                             BufferArgument{source, nelems}, nelems, sig_addr, signal_value,       \
                             sig_op, pe));                                                         \
        RF_CTX_SELECT_##P();                                                                       \
        put_signal(entry, dest, source, nelems, sig_addr, signal_value, sig_op, pe);               \
    }                                                                                              \
    RF_EXPORT void shmem_##P##putmem_signal_nbi(RF_CTX_PARAM_##P void* dest, const void* source,   \
                                                size_t nelems, uint64_t* sig_addr,                 \
                                                uint64_t signal_value, int sig_op, int pe) {       \
        RF_SHMEM_ENTRY_ARGS("shmem_" #P "putmem_signal_nbi",                                       \
                            (RF_CTX_ARG_##P BufferArgument{dest, nelems},                          \
                             BufferArgument{source, nelems}, nelems, sig_addr, signal_value,       \
                             sig_op, pe));                                                         \
        RF_CTX_SELECT_##P();                                                                       \
        put_signal(entry, dest, source, nelems, sig_addr, signal_value, sig_op, pe);               \
    }
RF_SHMEM_DEFINE_MEM_FORMS()
RF_SHMEM_DEFINE_MEM_FORMS(ctx_)
// NOLINTEND(bugprone-macro-parentheses)
