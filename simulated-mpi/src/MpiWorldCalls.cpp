// MpiWorld: what each visible call does when issued, when it is ready, and how it completes.
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/Handles.hpp"
#include "snapshot/GuardedCopy.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::mpi {

bool MpiWorld::starts_standard_send(int rank, const RankCall& start) const {
    MPI_Request h = MPI_REQUEST_NULL;
    if (start.request_count != 1 || !read_app(start.requests, h)) return false;
    const Request* r = core_.requests.find(rank, h);
    return r != nullptr && r->persistent && !r->active && r->kind == Request::Kind::Send &&
           r->mode == SendMode::Standard && r->peer != MPI_PROC_NULL;
}

std::optional<MpiWorld::LockRequest> MpiWorld::lock_request(int rank, const RankCall& call) const {
    if (!requests_lock(call)) return std::nullopt;
    const auto v = core_.windows.view(rank, call.rma.win);
    if (!v) return std::nullopt;
    const WindowMember& me =
        core_.windows.at(v->index).members[static_cast<std::size_t>(v->my_rank)];
    if (me.lock_request == -1) return std::nullopt;
    return LockRequest{v->index, me.lock_request < 0 ? -1 : me.lock_request,
                       me.lock_request_type == LockHeld::Exclusive};
}

// ---- issue --------------------------------------------------------------------------------

Progress MpiWorld::issue(int rank, RankCall& call, DirectMatch* direct) {
    call.issued = true;
    if (call.kind == CallKind::Shmem) return issue_shmem(rank, call);
    RankState& me = core_.ranks[rank];
    if (!me.initialized && call.kind != CallKind::Init)
        return core_.fail(rank, call, MPI_ERR_OTHER, Misuse::CallBeforeInit,
                          "called before MPI_Init");
    if (me.finalized)
        return core_.fail(rank, call, MPI_ERR_OTHER,
                          call.kind == CallKind::Finalize ? Misuse::DoubleFinalize
                                                          : Misuse::CallAfterFinalize,
                          call.kind == CallKind::Finalize ? "MPI_Finalize was already called"
                                                          : "called after MPI_Finalize");
    if (PointToPoint::handles(call.kind)) return p2p_.issue(core_, rank, call, direct);
    switch (call.kind) {
    case CallKind::Init:
        if (me.initialized)
            return core_.fail(rank, call, MPI_ERR_OTHER, Misuse::DoubleInit,
                              "MPI is already initialized");
        me.initialized = true;
        return Progress::Done;
    case CallKind::Finalize:
        me.finalized = true;
        return Progress::Done;
    case CallKind::Collective:
        return collectives_.issue(core_, rank, call);
    case CallKind::Rma:
        return OneSided(core_).issue(rank, call);
    default:
        break;
    }
    return Completion(core_, p2p_).issue(rank, call);
}

// ---- OpenSHMEM ----------------------------------------------------------------------------

Progress MpiWorld::issue_shmem(int rank, RankCall& call) {
    std::optional<shmem::ShmemFailure> failure;
    const Progress p = shmem_.issue(rank, call.shmem, failure);
    if (failure) return core_.fail(rank, call, MPI_ERR_OTHER, failure->misuse, failure->message);
    return p;
}

Progress MpiWorld::complete_shmem(int rank, RankCall& call) {
    std::optional<shmem::ShmemFailure> failure;
    const Progress p = shmem_.complete(rank, call.shmem, failure);
    if (failure) return core_.fail(rank, call, MPI_ERR_OTHER, failure->misuse, failure->message);
    return p;
}

} // namespace rankfold::mpi
