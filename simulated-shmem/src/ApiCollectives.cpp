// The collectives on teams: broadcast, collect, fcollect, alltoall(s) and the reductions. Each
// checks its team and its symmetric arrays here, then waits as a visible call; ShmemWorld
// moves the data when the last member enters and checks that the members agree.
#include "simulated-shmem/src/ShmemApi.hpp"

#include "simulated-shmem/src/ShmemNames.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <type_traits>

// The definition macros below take a type T (in declarations like `T* dest`), which cannot be
// parenthesised.
// NOLINTBEGIN(bugprone-macro-parentheses)

using rankfold::mpi::Misuse;
using rankfold::shmem::ElementType;
using rankfold::shmem::ReduceOp;
using rankfold::shmem::ShmemCall;
using rankfold::shmem::ShmemEntry;
using rankfold::shmem::ShmemOp;
using rankfold::shmem::Team;

namespace {

// Elements of a strided array of `count` elements `stride` apart.
std::size_t strided_extent(std::size_t count, std::size_t stride) {
    return count == 0 ? 0 : (count - 1) * stride + 1;
}

bool symmetric(const ShmemEntry& entry, const void* address, std::size_t bytes, const char* what) {
    return bytes == 0 || entry.remote(address, bytes, entry.pe(), what) != nullptr;
}

// Checks the team, dest and source (of `dest_elements` and `source_elements` elements) and
// waits for the collective `call` (whose op, count, size and team are set).
int run(const ShmemEntry& entry, ShmemCall call, void* dest, const void* source,
        std::size_t dest_elements, std::size_t source_elements) {
    const Team* team = entry.team(call.team);
    if (team == nullptr) return -1;
    if (call.op == ShmemOp::Broadcast && !entry.check_team_pe(*team, call.root, "PE_root"))
        return -1;
    const std::size_t members = team->members.size();
    call.address = dest;
    call.source = source;
    if (call.op == ShmemOp::Fcollect || call.op == ShmemOp::Alltoall) dest_elements *= members;
    if (call.op == ShmemOp::Alltoall) source_elements *= members;
    if (call.op == ShmemOp::Alltoalls) {
        dest_elements = strided_extent(members * call.count, static_cast<std::size_t>(call.stride));
        source_elements =
            strided_extent(members * call.count, static_cast<std::size_t>(call.extent));
    }
    if (!symmetric(entry, dest, dest_elements * call.size, "dest") ||
        !symmetric(entry, source, source_elements * call.size, "source"))
        return -1;
    entry.submit(call);
    return 0;
}

// `kind`: the element type of a typed form (typed_kind), 0 for the mem and sized forms.
ShmemCall collective(ShmemOp op, shmem_team_t team, std::size_t element, std::size_t count,
                     std::uint32_t kind = 0) {
    ShmemCall call;
    call.op = op;
    call.team = team;
    call.size = element;
    call.count = count;
    call.kind = kind;
    return call;
}

// `active_set`: the 1.4 form, which does not write the root's dest.
int broadcast(const ShmemEntry& entry, shmem_team_t team, void* dest, const void* source,
              std::size_t element, std::size_t nelems, int root, bool active_set = false,
              std::uint32_t kind = 0) {
    ShmemCall call = collective(ShmemOp::Broadcast, team, element, nelems, kind);
    call.root = root;
    call.extent = active_set ? 1 : 0;
    return run(entry, call, dest, source, nelems, nelems);
}

int alltoalls(const ShmemEntry& entry, shmem_team_t team, void* dest, const void* source,
              std::size_t element, ptrdiff_t dst, ptrdiff_t sst, std::size_t nelems,
              std::uint32_t kind = 0) {
    if (dst < 1 || sst < 1) {
        entry.error(Misuse::InvalidArgument,
                    fmt::format("strides dst {} and sst {} must be at least 1", dst, sst));
        return -1;
    }
    ShmemCall call = collective(ShmemOp::Alltoalls, team, element, nelems, kind);
    call.stride = dst;
    call.extent = sst;
    return run(entry, call, dest, source, 0, 0);
}

// One reduction operator on one type; integers wrap around, as the hardware does.
template <typename T, ReduceOp op> void combine(void* accumulator, const void* in, std::size_t n) {
    using Math = typename std::conditional_t<std::is_integral_v<T>, std::make_unsigned<T>,
                                             std::type_identity<T>>::type;
    auto* out = static_cast<std::byte*>(accumulator);
    const auto* from = static_cast<const std::byte*>(in);
    for (std::size_t i = 0; i < n; ++i) {
        T a, b;
        std::memcpy(&a, out + i * sizeof(T), sizeof(T));
        std::memcpy(&b, from + i * sizeof(T), sizeof(T));
        T r = a;
        if constexpr (op == ReduceOp::Sum) r = static_cast<T>(Math(a) + Math(b));
        if constexpr (op == ReduceOp::Prod) r = static_cast<T>(Math(a) * Math(b));
        if constexpr (op == ReduceOp::Max) r = std::max(a, b);
        if constexpr (op == ReduceOp::Min) r = std::min(a, b);
        if constexpr (std::is_integral_v<T>) {
            if constexpr (op == ReduceOp::And) r = static_cast<T>(a & b);
            if constexpr (op == ReduceOp::Or) r = static_cast<T>(a | b);
            if constexpr (op == ReduceOp::Xor) r = static_cast<T>(a ^ b);
        }
        std::memcpy(out + i * sizeof(T), &r, sizeof(T));
    }
}

template <typename T, ReduceOp op>
int reduce(const ShmemEntry& entry, shmem_team_t team, T* dest, const T* source,
           std::size_t nreduce, ElementType type) {
    ShmemCall call = collective(ShmemOp::Reduce, team, sizeof(T), nreduce);
    call.kind = rankfold::shmem::reduction_kind(op, type);
    call.combine = &combine<T, op>;
    return run(entry, call, dest, source, nreduce, nreduce);
}

} // namespace

RF_EXPORT int shmem_broadcastmem(shmem_team_t team, void* dest, const void* source, size_t nelems,
                                 int PE_root) {
    RF_SHMEM_ENTRY_ARGS("shmem_broadcastmem", (team, dest, source, nelems, PE_root), -1);
    return broadcast(entry, team, dest, source, 1, nelems, PE_root);
}

RF_EXPORT int shmem_collectmem(shmem_team_t team, void* dest, const void* source, size_t nelems) {
    RF_SHMEM_ENTRY_ARGS("shmem_collectmem", (team, dest, source, nelems), -1);
    return run(entry, collective(ShmemOp::Collect, team, 1, nelems), dest, source, nelems, nelems);
}

RF_EXPORT int shmem_fcollectmem(shmem_team_t team, void* dest, const void* source, size_t nelems) {
    RF_SHMEM_ENTRY_ARGS("shmem_fcollectmem", (team, dest, source, nelems), -1);
    return run(entry, collective(ShmemOp::Fcollect, team, 1, nelems), dest, source, nelems, nelems);
}

RF_EXPORT int shmem_alltoallmem(shmem_team_t team, void* dest, const void* source, size_t nelems) {
    RF_SHMEM_ENTRY_ARGS("shmem_alltoallmem", (team, dest, source, nelems), -1);
    return run(entry, collective(ShmemOp::Alltoall, team, 1, nelems), dest, source, nelems, nelems);
}

RF_EXPORT int shmem_alltoallsmem(shmem_team_t team, void* dest, const void* source, ptrdiff_t dst,
                                 ptrdiff_t sst, size_t nelems) {
    RF_SHMEM_ENTRY_ARGS("shmem_alltoallsmem", (team, dest, source, dst, sst, nelems), -1);
    return alltoalls(entry, team, dest, source, 1, dst, sst, nelems);
}

#define RF_KIND(N) rankfold::shmem::typed_kind(ElementType::t_##N)
#define RF_SHMEM_DEFINE_COLLECTIVES(T, N)                                                          \
    RF_EXPORT int shmem_##N##_broadcast(shmem_team_t team, T* dest, const T* source,               \
                                        size_t nelems, int PE_root) {                              \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_broadcast", (team, dest, source, nelems, PE_root), -1);  \
        return broadcast(entry, team, dest, source, sizeof(T), nelems, PE_root, false,             \
                         RF_KIND(N));                                                              \
    }                                                                                              \
    RF_EXPORT int shmem_##N##_collect(shmem_team_t team, T* dest, const T* source,                 \
                                      size_t nelems) {                                             \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_collect", (team, dest, source, nelems), -1);             \
        return run(entry, collective(ShmemOp::Collect, team, sizeof(T), nelems, RF_KIND(N)), dest, \
                   source, nelems, nelems);                                                        \
    }                                                                                              \
    RF_EXPORT int shmem_##N##_fcollect(shmem_team_t team, T* dest, const T* source,                \
                                       size_t nelems) {                                            \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_fcollect", (team, dest, source, nelems), -1);            \
        return run(entry, collective(ShmemOp::Fcollect, team, sizeof(T), nelems, RF_KIND(N)),      \
                   dest, source, nelems, nelems);                                                  \
    }                                                                                              \
    RF_EXPORT int shmem_##N##_alltoall(shmem_team_t team, T* dest, const T* source,                \
                                       size_t nelems) {                                            \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_alltoall", (team, dest, source, nelems), -1);            \
        return run(entry, collective(ShmemOp::Alltoall, team, sizeof(T), nelems, RF_KIND(N)),      \
                   dest, source, nelems, nelems);                                                  \
    }                                                                                              \
    RF_EXPORT int shmem_##N##_alltoalls(shmem_team_t team, T* dest, const T* source,               \
                                        ptrdiff_t dst, ptrdiff_t sst, size_t nelems) {             \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_alltoalls", (team, dest, source, dst, sst, nelems), -1); \
        return alltoalls(entry, team, dest, source, sizeof(T), dst, sst, nelems, RF_KIND(N));      \
    }
RF_SHMEM_RMA_TYPES(RF_SHMEM_DEFINE_COLLECTIVES)

#define RF_SHMEM_DEFINE_REDUCE(T, N, OP, Op)                                                       \
    RF_EXPORT int shmem_##N##_##OP##_reduce(shmem_team_t team, T* dest, const T* source,           \
                                            size_t nreduce) {                                      \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_" #OP "_reduce", (team, dest, source, nreduce), -1);     \
        return reduce<T, ReduceOp::Op>(entry, team, dest, source, nreduce, ElementType::t_##N);    \
    }
#define RF_SHMEM_DEFINE_ARITH(T, N)                                                                \
    RF_SHMEM_DEFINE_REDUCE(T, N, max, Max)                                                         \
    RF_SHMEM_DEFINE_REDUCE(T, N, min, Min)                                                         \
    RF_SHMEM_DEFINE_REDUCE(T, N, sum, Sum) RF_SHMEM_DEFINE_REDUCE(T, N, prod, Prod)
#define RF_SHMEM_DEFINE_BITWISE(T, N)                                                              \
    RF_SHMEM_DEFINE_REDUCE(T, N, and, And)                                                         \
    RF_SHMEM_DEFINE_REDUCE(T, N, or, Or) RF_SHMEM_DEFINE_REDUCE(T, N, xor, Xor)
RF_SHMEM_REDUCE_ARITH_TYPES(RF_SHMEM_DEFINE_ARITH)
RF_SHMEM_REDUCE_BITWISE_TYPES(RF_SHMEM_DEFINE_BITWISE)

// ---- the 1.4 active-set forms: a team per active set; pSync and pWrk are not needed ---------

#define RF_SHMEM_ACTIVE_SET(fail)                                                                  \
    const int team = entry.active_set(PE_start, logPE_stride, PE_size);                            \
    if (team < 0) return fail

RF_EXPORT void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long* pSync) {
    RF_SHMEM_ENTRY_ARGS("shmem_barrier", (PE_start, logPE_stride, PE_size, pSync));
    RF_SHMEM_ACTIVE_SET();
    ShmemCall call = collective(ShmemOp::TeamSync, team, 0, 0);
    call.completes_puts = true; // shmem_barrier is a quiet and a sync
    entry.submit(call);
}

RF_EXPORT void shmem_sync(int PE_start, int logPE_stride, int PE_size, long* pSync) {
    RF_SHMEM_ENTRY_ARGS("shmem_sync", (PE_start, logPE_stride, PE_size, pSync));
    RF_SHMEM_ACTIVE_SET();
    ShmemCall call = collective(ShmemOp::TeamSync, team, 0, 0);
    entry.submit(call);
}

#define RF_SHMEM_DEFINE_SIZED_COLLECTIVES(B)                                                       \
    RF_EXPORT void shmem_broadcast##B(void* dest, const void* source, size_t nelems, int PE_root,  \
                                      int PE_start, int logPE_stride, int PE_size, long* pSync) {  \
        RF_SHMEM_ENTRY_ARGS("shmem_broadcast" #B, (dest, source, nelems, PE_root, PE_start,        \
                                                   logPE_stride, PE_size, pSync));                 \
        RF_SHMEM_ACTIVE_SET();                                                                     \
        broadcast(entry, team, dest, source, B / 8, nelems, PE_root, true);                        \
    }                                                                                              \
    RF_EXPORT void shmem_collect##B(void* dest, const void* source, size_t nelems, int PE_start,   \
                                    int logPE_stride, int PE_size, long* pSync) {                  \
        RF_SHMEM_ENTRY_ARGS("shmem_collect" #B,                                                    \
                            (dest, source, nelems, PE_start, logPE_stride, PE_size, pSync));       \
        RF_SHMEM_ACTIVE_SET();                                                                     \
        run(entry, collective(ShmemOp::Collect, team, B / 8, nelems), dest, source, nelems,        \
            nelems);                                                                               \
    }                                                                                              \
    RF_EXPORT void shmem_fcollect##B(void* dest, const void* source, size_t nelems, int PE_start,  \
                                     int logPE_stride, int PE_size, long* pSync) {                 \
        RF_SHMEM_ENTRY_ARGS("shmem_fcollect" #B,                                                   \
                            (dest, source, nelems, PE_start, logPE_stride, PE_size, pSync));       \
        RF_SHMEM_ACTIVE_SET();                                                                     \
        run(entry, collective(ShmemOp::Fcollect, team, B / 8, nelems), dest, source, nelems,       \
            nelems);                                                                               \
    }                                                                                              \
    RF_EXPORT void shmem_alltoall##B(void* dest, const void* source, size_t nelems, int PE_start,  \
                                     int logPE_stride, int PE_size, long* pSync) {                 \
        RF_SHMEM_ENTRY_ARGS("shmem_alltoall" #B,                                                   \
                            (dest, source, nelems, PE_start, logPE_stride, PE_size, pSync));       \
        RF_SHMEM_ACTIVE_SET();                                                                     \
        run(entry, collective(ShmemOp::Alltoall, team, B / 8, nelems), dest, source, nelems,       \
            nelems);                                                                               \
    }                                                                                              \
    RF_EXPORT void shmem_alltoalls##B(void* dest, const void* source, ptrdiff_t dst,               \
                                      ptrdiff_t sst, size_t nelems, int PE_start,                  \
                                      int logPE_stride, int PE_size, long* pSync) {                \
        RF_SHMEM_ENTRY_ARGS("shmem_alltoalls" #B, (dest, source, dst, sst, nelems, PE_start,       \
                                                   logPE_stride, PE_size, pSync));                 \
        RF_SHMEM_ACTIVE_SET();                                                                     \
        alltoalls(entry, team, dest, source, B / 8, dst, sst, nelems);                             \
    }
RF_SHMEM_DEFINE_SIZED_COLLECTIVES(32)
RF_SHMEM_DEFINE_SIZED_COLLECTIVES(64)

#define RF_SHMEM_DEFINE_TO_ALL(T, N, OP, Op)                                                       \
    RF_EXPORT void shmem_##N##_##OP##_to_all(T* dest, const T* source, int nreduce, int PE_start,  \
                                             int logPE_stride, int PE_size, T* pWrk,               \
                                             long* pSync) {                                        \
        RF_SHMEM_ENTRY_ARGS("shmem_" #N "_" #OP "_to_all", (dest, source, nreduce, PE_start,       \
                                                            logPE_stride, PE_size, pWrk, pSync));  \
        if (nreduce < 0) {                                                                         \
            entry.error(Misuse::InvalidCount, fmt::format("nreduce {} is negative", nreduce));     \
            return;                                                                                \
        }                                                                                          \
        RF_SHMEM_ACTIVE_SET();                                                                     \
        reduce<T, ReduceOp::Op>(entry, team, dest, source, static_cast<std::size_t>(nreduce),      \
                                ElementType::t_##N);                                               \
    }
#define RF_SHMEM_DEFINE_ARITH_TO_ALL(T, N)                                                         \
    RF_SHMEM_DEFINE_TO_ALL(T, N, max, Max)                                                         \
    RF_SHMEM_DEFINE_TO_ALL(T, N, min, Min)                                                         \
    RF_SHMEM_DEFINE_TO_ALL(T, N, sum, Sum) RF_SHMEM_DEFINE_TO_ALL(T, N, prod, Prod)
#define RF_SHMEM_DEFINE_BITWISE_TO_ALL(T, N)                                                       \
    RF_SHMEM_DEFINE_TO_ALL(T, N, and, And)                                                         \
    RF_SHMEM_DEFINE_TO_ALL(T, N, or, Or) RF_SHMEM_DEFINE_TO_ALL(T, N, xor, Xor)
RF_SHMEM_REDUCE_ARITH_TYPES(RF_SHMEM_DEFINE_ARITH_TO_ALL)
RF_SHMEM_REDUCE_BITWISE_TYPES(RF_SHMEM_DEFINE_BITWISE_TO_ALL)
// NOLINTEND(bugprone-macro-parentheses)
