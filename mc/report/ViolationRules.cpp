#include "mc/report/ViolationRules.hpp"

#include <array>
#include <utility>

namespace rankfold::mc {

namespace {

// Kinds from properties::kind_name, usage sub-kinds from mpi::misuse_name (ViolationRulesTest
// checks that every one has its sentence).
constexpr std::array<std::pair<std::string_view, std::string_view>, 62> kRules{{
    {"deadlock", "Every rank that has not finished waits for something no other rank will do."},
    {"crash", "A rank was killed by a signal (SIGSEGV, SIGABRT, ...) or an uncaught exception."},
    {"assertion", "An assertion failed in a rank."},
    {"abort", "A rank called MPI_Abort."},
    {"exit", "A rank ended with a non-zero exit status."},
    {"mpi-error", "The simulated MPI failed internally on a call of the program."},
    {"usage", "The program used MPI in a way the standard forbids."},
    {"heap-error", "A rank freed memory twice or freed a pointer that malloc did not return."},
    {"non-progress", "A rank computed for the watchdog's time without calling MPI."},
    {"non-progress/cycle",
     "The run can go round a cycle of states for ever without passing rankfold_progress()."},
    {"non-termination", "The run can go round a cycle of states for ever: it need not end."},
    {"liveness", "A run that repeats a cycle forever violates the LTL property or never claim."},
    {"contract", "A call broke a contract (CoVer's language) that a call of the program supplied."},
    {"race", "Two accesses to the same bytes, at least one a write, that nothing orders."},
    {"race/local-buffer",
     "The buffer of a pending nonblocking operation was touched before its completion, or two "
     "pending operations share bytes and one of them writes."},
    {"race/remote",
     "A one-sided operation and an access of its target (or another one-sided operation) touch "
     "the same bytes, one writes, and no synchronisation orders them."},
    {"heap-error/out-of-bounds", "A rank read or wrote heap memory outside the block it holds."},
    {"heap-error/use-after-free", "A rank read or wrote a heap block after freeing it."},
    {"heap-error/ignore-not-a-block",
     "rankfold_ignore_heap was given a pointer that is not the start of a live heap block."},
    {"usage/invalid-handle",
     "A communicator, datatype, operator, request or group that is not one, or was freed."},
    {"usage/invalid-rank", "A source or destination rank outside the communicator."},
    {"usage/invalid-root", "The root of a collective is outside the communicator."},
    {"usage/invalid-tag", "A negative tag, or one above MPI_TAG_UB."},
    {"usage/invalid-count", "A negative count."},
    {"usage/invalid-argument", "An argument MPI rejects (an unreadable array, a negative size)."},
    {"usage/null-buffer", "A NULL buffer with a non-zero count."},
    {"usage/uncommitted-datatype",
     "A derived datatype used to communicate before MPI_Type_commit."},
    {"usage/type-mismatch", "The sender's and the receiver's type signatures differ."},
    {"usage/truncation", "A message longer than the receive buffer."},
    {"usage/collective-mismatch",
     "The members of a communicator made different collective calls (kind, root, operator or "
     "counts)."},
    {"usage/request-leak", "A request neither completed nor freed before MPI_Finalize."},
    {"usage/persistent-not-started", "A persistent request created but never started."},
    {"usage/resource-leak", "A communicator, group, datatype, operator, window or OpenSHMEM "
                            "team never freed."},
    {"usage/request-free-active", "MPI_Request_free of an active request: its buffer can never "
                                  "safely be reused."},
    {"usage/call-before-init", "An MPI call before MPI_Init."},
    {"usage/call-after-finalize", "An MPI call after MPI_Finalize."},
    {"usage/double-init", "MPI_Init called a second time."},
    {"usage/double-finalize", "MPI_Finalize called a second time."},
    {"usage/missing-finalize", "A rank returned from main without calling MPI_Finalize."},
    {"usage/buffer-space", "A buffered send without (enough) attached buffer."},
    {"usage/request-state",
     "A request in the wrong state: an active persistent request started, MPI_REQUEST_NULL "
     "freed."},
    {"usage/unsupported", "An argument value Rankfold does not model (named in the message)."},
    {"usage/buffer-aliasing",
     "The send and receive buffers of one call share bytes (MPI_Sendrecv_replace is for that)."},
    {"usage/communicator-kind",
     "An intracommunicator where an intercommunicator is required (MPI_Intercomm_merge, "
     "MPI_Comm_remote_size), or an intercommunicator where an intracommunicator is."},
    {"usage/intercomm-mismatch",
     "MPI_Intercomm_create's two groups overlap, or their leaders do not name each other with "
     "one tag and one peer communicator."},
    {"usage/rma-outside-epoch",
     "An RMA operation or flush with no access epoch open to its target (no fence, lock or "
     "start before it)."},
    {"usage/rma-sync-mix",
     "Synchronisation modes mixed on one window: a fence, lock or post/start while another "
     "mode's epoch is open, or a second lock on one target."},
    {"usage/unlock-without-lock", "MPI_Win_unlock of a target the rank holds no lock on."},
    {"usage/complete-without-start", "MPI_Win_complete without a matching MPI_Win_start."},
    {"usage/wait-without-post", "MPI_Win_wait or MPI_Win_test without a matching MPI_Win_post."},
    {"usage/rma-target-range",
     "An RMA target outside the window's group, or bytes beyond the target's window."},
    {"usage/accumulate-type-mismatch",
     "An accumulate whose origin and target datatypes differ, or whose operator is not defined "
     "on them."},
    {"usage/win-free-open-epoch",
     "MPI_Win_free while an epoch is open or RMA operations are not completed."},
    {"usage/rma-detach-pending",
     "MPI_Win_detach of memory that an RMA operation not yet completed targets."},
    {"usage/fence-assertion",
     "An MPI_Win_fence assertion that does not hold: MPI_MODE_NOPRECEDE with operations to "
     "complete or not given by every rank, MPI_MODE_NOPUT with a put or accumulate to the rank "
     "in the epoch it opens, MPI_MODE_NOSUCCEED followed by an RMA operation before another "
     "epoch opens."},
    {"usage/post-assertion",
     "An MPI_Win_post assertion that does not hold: MPI_MODE_NOPUT with a put or accumulate to "
     "the rank in the exposure epoch it opens."},
    {"usage/non-symmetric-address",
     "An OpenSHMEM call was given a private address where symmetric memory is required."},
    {"usage/bad-symmetric-free",
     "shmem_free or shmem_realloc of an address that is not a live symmetric block."},
    {"usage/invalid-pe", "An OpenSHMEM call names a PE outside its team."},
    {"usage/symmetric-size-mismatch",
     "One symmetric allocation asked for different sizes on different PEs."},
    {"usage/lock-not-held", "shmem_clear_lock called by a PE that does not hold the lock."},
    {"usage/invalid-context",
     "An OpenSHMEM call on a context that is SHMEM_CTX_INVALID, was never created or was "
     "destroyed, or shmem_ctx_destroy of SHMEM_CTX_DEFAULT."},
}};

} // namespace

std::string rule_id(const Violation& v) {
    std::string id = kind_name(v.kind);
    if (!v.subkind.empty()) id += "/" + v.subkind;
    return id;
}

std::optional<std::string_view> rule_description(std::string_view id) {
    for (const auto& [rule, text] : kRules)
        if (rule == id) return text;
    return std::nullopt;
}

} // namespace rankfold::mc
