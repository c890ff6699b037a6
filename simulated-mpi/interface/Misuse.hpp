// The ways a program can use MPI wrongly that the runtime detects. Each is reported as a
// violation of kind `usage` with one of these sub-kinds, whose names are stable: they appear in
// the JSON report (`"subkind"`) and in the corpus's expectations (`usage:type-mismatch`).
#pragma once

#include <mpi.h>

#include <cstdint>
#include <optional>

namespace rankfold::mpi {

enum class Misuse : std::uint8_t {
    InvalidHandle,        // a communicator, datatype, operator, request or group that is not one
    InvalidRank,          // destination or source outside the communicator
    InvalidRoot,          // root of a collective outside the communicator
    InvalidTag,           // negative or above MPI_TAG_UB
    InvalidCount,         // negative count
    InvalidArgument,      // another argument MPI rejects (unreadable array, negative size, ...)
    NullBuffer,           // NULL buffer with a non-zero count
    UncommittedDatatype,  // a derived datatype used for communication before MPI_Type_commit
    TypeMismatch,         // sender's and receiver's type signatures differ
    Truncation,           // a message longer than the receive buffer
    CollectiveMismatch,   // ranks' collective calls differ in kind, root, operator or counts
    RequestLeak,          // a request neither completed nor freed before MPI_Finalize
    PersistentNotStarted, // a persistent request created but never started
    ResourceLeak,         // a communicator, group, datatype or operator never freed
    CallBeforeInit,
    CallAfterFinalize,
    DoubleInit,
    DoubleFinalize,
    MissingFinalize,  // the rank returned from main without MPI_Finalize
    BufferSpace,      // buffered send without (enough) attached buffer
    RequestState,     // starting an active persistent request, freeing MPI_REQUEST_NULL
    Unsupported,      // an argument value Rankfold does not model (named in the message)
    BufferAliasing,   // a send and a receive buffer of one call share bytes (MPI_Sendrecv)
    CommunicatorKind, // an intracommunicator where an intercommunicator is required, or the reverse
    IntercommMismatch, // MPI_Intercomm_create's groups overlap or their leaders do not name each
                       // other
    // One-sided communication (MPI 3.1 chapter 11).
    RmaOutsideEpoch,        // an RMA operation with no access epoch open to its target
    RmaSyncMix,             // synchronisation modes mixed on one window (a fence inside a lock...)
    UnlockWithoutLock,      // MPI_Win_unlock of a target the rank holds no lock on
    CompleteWithoutStart,   // MPI_Win_complete without MPI_Win_start
    WaitWithoutPost,        // MPI_Win_wait/test without MPI_Win_post
    RmaTargetRange,         // target outside the window's group, or bytes beyond its window
    AccumulateTypeMismatch, // origin and target of an accumulate differ in basic type
    WinFreeOpenEpoch,       // MPI_Win_free with an epoch open or operations not completed
    RmaDetachPending,       // MPI_Win_detach of memory an operation not completed targets
    FenceAssertion,         // an MPI_Win_fence assertion (MPI_MODE_NOPRECEDE, NOPUT,
                            // NOSUCCEED) not true
    PostAssertion,          // an MPI_Win_post assertion (MPI_MODE_NOPUT) not true
    // OpenSHMEM (simulated-shmem/); the life-cycle misuses above serve it too.
    NonSymmetricAddress,   // a private address where symmetric memory is required
    BadSymmetricFree,      // shmem_free/realloc of an address that is not a live symmetric block
    InvalidPe,             // a PE number outside the team
    SymmetricSizeMismatch, // one symmetric allocation of different sizes on different PEs
    LockNotHeld,           // shmem_clear_lock by a PE that does not hold the lock
    InvalidTeam,           // a team handle that is not one, was destroyed, or lacks the PE
    InvalidContext,        // a context handle never created, destroyed, or SHMEM_CTX_INVALID
};

// The stable name, e.g. "type-mismatch".
const char* misuse_name(Misuse misuse);

// The sub-kind an error class stands for when the call site gives none; none for
// MPI_ERR_INTERN and classes that are not about the program's use of MPI.
std::optional<Misuse> misuse_of_error(int code);

} // namespace rankfold::mpi
