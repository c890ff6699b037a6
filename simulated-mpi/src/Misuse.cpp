#include "simulated-mpi/interface/Misuse.hpp"

namespace rankfold::mpi {

const char* misuse_name(Misuse misuse) {
    switch (misuse) {
    case Misuse::InvalidHandle:
        return "invalid-handle";
    case Misuse::InvalidRank:
        return "invalid-rank";
    case Misuse::InvalidRoot:
        return "invalid-root";
    case Misuse::InvalidTag:
        return "invalid-tag";
    case Misuse::InvalidCount:
        return "invalid-count";
    case Misuse::InvalidArgument:
        return "invalid-argument";
    case Misuse::NullBuffer:
        return "null-buffer";
    case Misuse::UncommittedDatatype:
        return "uncommitted-datatype";
    case Misuse::TypeMismatch:
        return "type-mismatch";
    case Misuse::Truncation:
        return "truncation";
    case Misuse::CollectiveMismatch:
        return "collective-mismatch";
    case Misuse::RequestLeak:
        return "request-leak";
    case Misuse::PersistentNotStarted:
        return "persistent-not-started";
    case Misuse::ResourceLeak:
        return "resource-leak";
    case Misuse::CallBeforeInit:
        return "call-before-init";
    case Misuse::CallAfterFinalize:
        return "call-after-finalize";
    case Misuse::DoubleInit:
        return "double-init";
    case Misuse::DoubleFinalize:
        return "double-finalize";
    case Misuse::MissingFinalize:
        return "missing-finalize";
    case Misuse::BufferSpace:
        return "buffer-space";
    case Misuse::RequestState:
        return "request-state";
    case Misuse::Unsupported:
        return "unsupported";
    case Misuse::BufferAliasing:
        return "buffer-aliasing";
    case Misuse::CommunicatorKind:
        return "communicator-kind";
    case Misuse::IntercommMismatch:
        return "intercomm-mismatch";
    case Misuse::RmaOutsideEpoch:
        return "rma-outside-epoch";
    case Misuse::RmaSyncMix:
        return "rma-sync-mix";
    case Misuse::UnlockWithoutLock:
        return "unlock-without-lock";
    case Misuse::CompleteWithoutStart:
        return "complete-without-start";
    case Misuse::WaitWithoutPost:
        return "wait-without-post";
    case Misuse::RmaTargetRange:
        return "rma-target-range";
    case Misuse::AccumulateTypeMismatch:
        return "accumulate-type-mismatch";
    case Misuse::WinFreeOpenEpoch:
        return "win-free-open-epoch";
    case Misuse::RmaDetachPending:
        return "rma-detach-pending";
    case Misuse::FenceAssertion:
        return "fence-assertion";
    case Misuse::PostAssertion:
        return "post-assertion";
    case Misuse::NonSymmetricAddress:
        return "non-symmetric-address";
    case Misuse::BadSymmetricFree:
        return "bad-symmetric-free";
    case Misuse::InvalidPe:
        return "invalid-pe";
    case Misuse::SymmetricSizeMismatch:
        return "symmetric-size-mismatch";
    case Misuse::LockNotHeld:
        return "lock-not-held";
    case Misuse::InvalidTeam:
        return "invalid-team";
    case Misuse::InvalidContext:
        return "invalid-context";
    }
    return "unknown";
}

std::optional<Misuse> misuse_of_error(int code) {
    switch (code) {
    case MPI_ERR_COMM:
    case MPI_ERR_TYPE:
    case MPI_ERR_OP:
    case MPI_ERR_GROUP:
    case MPI_ERR_REQUEST:
    case MPI_ERR_WIN:
        return Misuse::InvalidHandle;
    case MPI_ERR_RANK:
        return Misuse::InvalidRank;
    case MPI_ERR_ROOT:
        return Misuse::InvalidRoot;
    case MPI_ERR_TAG:
        return Misuse::InvalidTag;
    case MPI_ERR_COUNT:
        return Misuse::InvalidCount;
    case MPI_ERR_TRUNCATE:
        return Misuse::Truncation;
    case MPI_ERR_BUFFER:
        return Misuse::NullBuffer;
    case MPI_ERR_INTERN:
        return std::nullopt;
    default:
        return Misuse::InvalidArgument;
    }
}

} // namespace rankfold::mpi
