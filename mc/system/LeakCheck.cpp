#include "mc/system/LeakCheck.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::mc {

std::vector<Leak> finalize_leaks(const mpi::MpiWorld& world, int rank,
                                 std::uintptr_t finalize_site) {
    using mpi::Misuse;
    using mpi::Request;
    std::vector<Leak> out;
    for (int slot = 0;; ++slot) {
        const Request* r = world.requests().slot(rank, slot);
        if (r == nullptr) break;
        // A request freed while active completes on its own (MPI_Request_free).
        if (r->is_free() || r->user_freed) continue;
        const char* what = r->kind == Request::Kind::Send          ? "send"
                           : r->kind == Request::Kind::Receive     ? "receive"
                           : r->kind == Request::Kind::Rma         ? "RMA"
                           : r->kind == Request::Kind::Generalized ? "generalized"
                                                                   : "collective";
        if (r->persistent && !r->started)
            out.push_back({Misuse::PersistentNotStarted,
                           fmt::format("a persistent {} request was created but never started "
                                       "before MPI_Finalize",
                                       what),
                           r->site});
        else if (r->persistent)
            out.push_back({Misuse::RequestLeak,
                           fmt::format("a persistent {} request was never freed "
                                       "(MPI_Request_free) before MPI_Finalize",
                                       what),
                           r->site});
        else
            out.push_back({Misuse::RequestLeak,
                           r->complete ? fmt::format("a {} request finished but was never waited "
                                                     "for, tested or freed before MPI_Finalize",
                                                     what)
                                       : fmt::format("a {} request was still pending at "
                                                     "MPI_Finalize (a missing MPI_Wait?)",
                                                     what),
                           r->site});
    }
    // A matched message is the program's to receive (MPI 3.1 §3.8.2: it no longer matches
    // any other receive): one left at MPI_Finalize is data lost, and a synchronous sender of
    // it never completes.
    for (const mpi::Message* m : world.matched_unreceived(rank))
        out.push_back({Misuse::ResourceLeak,
                       fmt::format("a message from rank {} (tag {}) that MPI_Mprobe/MPI_Improbe "
                                   "matched was never received (MPI_Mrecv/MPI_Imrecv) before "
                                   "MPI_Finalize",
                                   m->origin, m->tag),
                       finalize_site});
    // A window never freed (its own communicator goes with it, and is not reported apart).
    std::vector<MPI_Comm> window_comms;
    for (int w = 0; w < world.windows().size(); ++w)
        for (const mpi::WindowMember& m : world.windows().at(w).members)
            if (m.world_rank == rank && !m.freed) {
                window_comms.push_back(m.comm);
                out.push_back({Misuse::ResourceLeak,
                               fmt::format("window {:#x} was never freed (MPI_Win_free)",
                                           mpi::window_handle(w)),
                               m.site});
            }
    for (const auto& [handle, h] : world.comms().leaked(rank))
        if (std::find(window_comms.begin(), window_comms.end(), handle) == window_comms.end())
            out.push_back(
                {Misuse::ResourceLeak,
                 fmt::format("communicator {:#x} was never freed (MPI_Comm_free)", handle),
                 h->site});
    for (const auto& [handle, g] : world.rank_state(rank).groups.live())
        out.push_back({Misuse::ResourceLeak,
                       fmt::format("group {:#x} was never freed (MPI_Group_free)", handle),
                       g->site});
    for (const auto& [handle, d] : world.rank_state(rank).datatypes.leaked())
        out.push_back({Misuse::ResourceLeak,
                       fmt::format("datatype {:#x} was never freed (MPI_Type_free)", handle),
                       d->site});
    for (const auto& op : world.rank_state(rank).ops.live())
        out.push_back({Misuse::ResourceLeak,
                       fmt::format("operator {:#x} was never freed (MPI_Op_free)", op.handle),
                       op.op.site});
    return out;
}

std::vector<Leak> shmem_finalize_leaks(const mpi::MpiWorld& world, int pe,
                                       std::uintptr_t finalize_site) {
    std::vector<Leak> out;
    const shmem::ShmemWorld& shmem = world.shmem();
    // 0 and 1 are SHMEM_TEAM_WORLD and SHMEM_TEAM_SHARED; an active set's team is the
    // runtime's, made for a 1.4 collective, not the program's.
    for (int handle = 2; handle < shmem.teams(); ++handle) {
        const shmem::Team& t = *shmem.team(handle);
        const int index = t.index_of(pe);
        if (t.active_set || index < 0 || t.members[static_cast<std::size_t>(index)].destroyed)
            continue;
        out.push_back({mpi::Misuse::ResourceLeak,
                       fmt::format("team {} (PE {} of its {}) was never destroyed "
                                   "(shmem_team_destroy) before shmem_finalize",
                                   handle, index, t.members.size()),
                       finalize_site});
    }
    // Contexts the PE created and never destroyed (the predefined contract class
    // shmem-context-lifecycle names this check).
    const std::vector<shmem::ShmemContext>& contexts = shmem.pe(pe).contexts;
    for (std::size_t i = 0; i < contexts.size(); ++i)
        if (contexts[i].alive)
            out.push_back({mpi::Misuse::ResourceLeak,
                           fmt::format("context {} was never destroyed (shmem_ctx_destroy) "
                                       "before shmem_finalize",
                                       i + 1),
                           finalize_site});
    return out;
}

} // namespace rankfold::mc
