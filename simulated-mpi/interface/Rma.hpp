// One rank's one-sided call (MPI 3.1 chapter 11) as it reaches the runtime: which operation or
// synchronisation call, on which window, and its arguments as the rank passed them
// (application addresses). Window creation, MPI_Win_fence and MPI_Win_free are collectives and
// travel as CollectiveArgs instead.
#pragma once

#include <mpi.h>

#include <cstdint>

namespace rankfold::mpi {

enum class RmaKind : std::uint8_t {
    // Communication: queued at the origin, landing at the target by the epoch's synchronisation.
    Put,
    Get,
    Accumulate,
    GetAccumulate,
    FetchAndOp,
    CompareAndSwap,
    // Passive target synchronisation.
    Lock,
    Unlock,
    LockAll,
    UnlockAll,
    Flush,
    FlushAll,
    FlushLocal,
    FlushLocalAll,
    Sync,
    // General active target synchronisation.
    Post,
    Start,
    Complete,
    Wait,
    Test,
};

constexpr bool communicates(RmaKind kind) {
    return kind <= RmaKind::CompareAndSwap;
}
// Operations that read the target (their result reaches the origin when they land).
constexpr bool fetches(RmaKind kind) {
    return kind == RmaKind::Get || kind == RmaKind::GetAccumulate || kind == RmaKind::FetchAndOp ||
           kind == RmaKind::CompareAndSwap;
}
// Operations that combine with the target's data (MPI 3.1 §11.3.4: element-wise atomic).
constexpr bool accumulates(RmaKind kind) {
    return kind == RmaKind::Accumulate || kind == RmaKind::GetAccumulate ||
           kind == RmaKind::FetchAndOp || kind == RmaKind::CompareAndSwap;
}

struct RmaArgs {
    RmaKind kind = RmaKind::Sync;
    MPI_Win win = MPI_WIN_NULL;
    // The origin's data (Put, Accumulate, ...; Get's destination).
    const void* origin = nullptr;
    int origin_count = 0;
    MPI_Datatype origin_type = MPI_DATATYPE_NULL;
    // Where a fetching operation returns the target's data (Get: the origin buffer).
    void* result = nullptr;
    int result_count = 0;
    MPI_Datatype result_type = MPI_DATATYPE_NULL;
    const void* compare = nullptr; // MPI_Compare_and_swap
    int target = MPI_PROC_NULL;    // rank in the window's group; lock and flush targets too
    MPI_Aint target_disp = 0;
    int target_count = 0;
    MPI_Datatype target_type = MPI_DATATYPE_NULL;
    MPI_Op op = MPI_OP_NULL;
    int lock_type = 0;
    int assertion = 0;
    MPI_Group group = MPI_GROUP_NULL; // MPI_Win_post, MPI_Win_start
    int* flag = nullptr;              // MPI_Win_test
    MPI_Request* request = nullptr;   // MPI_Rput, MPI_Rget, MPI_Raccumulate, MPI_Rget_accumulate
    friend bool operator==(const RmaArgs&, const RmaArgs&) = default;
};

} // namespace rankfold::mpi
