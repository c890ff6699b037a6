#include "mc/system/WaitDescription.hpp"

#include "mc/system/GlobalName.hpp"
#include "mc/system/OpenChoices.hpp"

#include "snapshot/GuardedCopy.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace rankfold::mc {
namespace {

std::string peer_text(int peer) {
    if (peer == MPI_ANY_SOURCE) return "any rank";
    return fmt::format("rank {}", peer);
}

std::string tag_text(int tag) {
    return tag == MPI_ANY_TAG ? "any tag" : fmt::format("tag {}", tag);
}

std::string comm_text(MPI_Comm comm) {
    if (comm == MPI_COMM_WORLD) return "MPI_COMM_WORLD";
    if (comm == MPI_COMM_SELF) return "MPI_COMM_SELF";
    return fmt::format("communicator {:#x}", comm);
}

std::string finished_note(int peer, const std::vector<bool>& finished) {
    if (peer >= 0 && peer < static_cast<int>(finished.size()) && finished[peer])
        return fmt::format(" (rank {} has already finished)", peer);
    return "";
}

// What an incomplete request still needs.
std::string request_need(const mpi::Request& r, const std::vector<bool>& finished,
                         const ProgramImage& image, std::uintptr_t blocked_site) {
    std::string where;
    if (r.site != blocked_site)
        if (auto loc = image.locate(r.site, true)) where = " posted at " + loc->short_text();
    if (r.kind == mpi::Request::Kind::Generalized)
        return fmt::format("an MPI_Grequest_complete of the generalized request{}", where);
    if (r.kind == mpi::Request::Kind::Receive)
        return fmt::format("a message from {} with {} on {}{}{}", peer_text(r.peer),
                           tag_text(r.tag), comm_text(r.comm), where,
                           finished_note(r.peer, finished));
    return fmt::format("{} to post a receive matching the {} send with {}{}{}", peer_text(r.peer),
                       mpi::send_mode_name(r.mode), tag_text(r.tag), where,
                       finished_note(r.peer, finished));
}

// Who a rank waiting in a collective on `comm` waits for.
std::string collective_need(const mpi::MpiWorld& world, int rank, MPI_Comm comm,
                            const std::vector<bool>& finished) {
    const mpi::PendingCollective* op = world.collective_waiting(rank, comm);
    const auto v = world.comms().view(rank, comm);
    if (op == nullptr || !v) return "the other members of the communicator";
    const mpi::CollectivePart* mine = &op->parts[v->member_index()];
    const auto& members = world.comms().communicator(v->id).members;
    std::vector<std::string> missing;
    bool any_finished = false;
    for (std::size_t i = 0; i < op->parts.size(); ++i) {
        if (op->parts[i].rank >= 0) continue;
        const int w = members[i];
        missing.push_back(fmt::format("{}", w));
        any_finished = any_finished || finished[w];
    }
    return fmt::format("rank{} {} to call {} on {}{}", missing.size() == 1 ? "" : "s",
                       fmt::join(missing, ", "), mine->name, comm_text(comm),
                       any_finished ? " (some of them have already finished)" : "");
}

} // namespace

std::string describe_call(const mpi::RankCall& call) {
    using K = mpi::CallKind;
    switch (call.kind) {
    case K::Send:
    case K::Isend:
        return fmt::format("to {}, {}", peer_text(call.dest), tag_text(call.send_tag));
    case K::Recv:
    case K::Irecv:
    case K::Probe:
    case K::Iprobe:
        return fmt::format("from {}, {}", peer_text(call.source), tag_text(call.recv_tag));
    case K::Sendrecv:
    case K::SendrecvReplace:
    case K::Isendrecv:
    case K::IsendrecvReplace:
        return fmt::format("to {}, from {}", peer_text(call.dest), peer_text(call.source));
    case K::Collective:
        // A window's fence and free travel on its own communicator: name the window.
        if (call.coll.kind == mpi::CollectiveKind::WinFence ||
            call.coll.kind == mpi::CollectiveKind::WinFree)
            return fmt::format("window {:#x}", call.coll.win);
        return mpi::has_root(call.coll.kind)
                   ? fmt::format("root {}, {}", call.coll.root, comm_text(call.comm))
                   : comm_text(call.comm);
    case K::Rma:
        if (mpi::communicates(call.rma.kind) || call.rma.kind == mpi::RmaKind::Lock ||
            call.rma.kind == mpi::RmaKind::Unlock || call.rma.kind == mpi::RmaKind::Flush ||
            call.rma.kind == mpi::RmaKind::FlushLocal)
            return call.rma.target == MPI_PROC_NULL ? std::string("target MPI_PROC_NULL")
                                                    : fmt::format("target {}", call.rma.target);
        return "";
    default:
        return "";
    }
}

BlockedRank describe_blocked(const mpi::MpiWorld& world, int rank, const mpi::RankCall& call,
                             const std::vector<bool>& finished, const ProgramImage& image) {
    BlockedRank b;
    b.rank = rank;
    std::vector<std::string> needs;
    auto internal_need = [&](int slot) {
        if (slot < 0) return;
        const mpi::Request* r = world.requests().find(rank, RF_HANDLE(RF_KIND_REQUEST, slot));
        if (r != nullptr && !r->complete)
            needs.push_back(request_need(*r, finished, image, call.site));
    };
    switch (call.kind) {
    case mpi::CallKind::Send:
        b.call = fmt::format("{}(dest {}, {}, {})", call.name, call.dest, tag_text(call.send_tag),
                             comm_text(call.comm));
        internal_need(call.internal[0]);
        break;
    case mpi::CallKind::Recv:
        b.call = fmt::format("{}(source {}, {}, {})", call.name,
                             call.source == MPI_ANY_SOURCE ? "MPI_ANY_SOURCE"
                                                           : std::to_string(call.source),
                             tag_text(call.recv_tag), comm_text(call.comm));
        internal_need(call.internal[0]);
        break;
    case mpi::CallKind::Sendrecv:
    case mpi::CallKind::SendrecvReplace:
        b.call = fmt::format("{}(dest {}, source {}, {})", call.name, call.dest,
                             call.source == MPI_ANY_SOURCE ? "MPI_ANY_SOURCE"
                                                           : std::to_string(call.source),
                             comm_text(call.comm));
        internal_need(call.internal[0]);
        internal_need(call.internal[1]);
        break;
    case mpi::CallKind::Probe:
    case mpi::CallKind::Iprobe:
        // An Iprobe here is one polled in a loop that can never succeed.
        b.call = fmt::format(
            "{}(source {}, {}){}", call.name,
            call.source == MPI_ANY_SOURCE ? "MPI_ANY_SOURCE" : std::to_string(call.source),
            tag_text(call.recv_tag), call.kind == mpi::CallKind::Iprobe ? " in a loop" : "");
        needs.push_back(fmt::format("a message from {} with {}{}", peer_text(call.source),
                                    tag_text(call.recv_tag), finished_note(call.source, finished)));
        break;
    case mpi::CallKind::Collective:
        b.call = fmt::format("{}({})", call.name, comm_text(call.comm));
        needs.push_back(collective_need(world, rank, call.comm, finished));
        break;
    case mpi::CallKind::Shmem:
        b.call = fmt::format("{}()", call.name);
        needs.push_back(world.shmem().waiting_for(rank, call.shmem,
                                                  global_name(image, rank, call.shmem.address)));
        break;
    case mpi::CallKind::BufferDetach:
        b.call = "MPI_Buffer_detach()";
        needs.emplace_back("the delivery of this rank's buffered sends");
        break;
    case mpi::CallKind::Rma:
        b.call = fmt::format("{}(window {:#x})", call.name, call.rma.win);
        switch (call.rma.kind) {
        case mpi::RmaKind::Lock:
            needs.push_back(
                fmt::format("the release of a conflicting lock on rank {}", call.rma.target));
            break;
        case mpi::RmaKind::LockAll:
            needs.emplace_back("the release of an exclusive lock another rank holds");
            break;
        case mpi::RmaKind::Start:
            needs.emplace_back("an MPI_Win_post of each rank of its start group");
            break;
        case mpi::RmaKind::Wait:
            needs.emplace_back("an MPI_Win_complete of each rank of its post group");
            break;
        default:
            break;
        }
        break;
    default: {
        b.call = fmt::format("{}({} request{})", call.name, call.request_count,
                             call.request_count == 1 ? "" : "s");
        for (int i = 0; i < call.request_count; ++i) {
            MPI_Request h = MPI_REQUEST_NULL;
            snapshot::guarded_copy(&h, call.requests + i, sizeof h);
            const mpi::Request* r = world.requests().find(rank, h);
            if (r == nullptr || !r->active || r->complete) continue;
            needs.push_back(r->kind == mpi::Request::Kind::Collective
                                ? collective_need(world, rank, r->comm, finished)
                                : request_need(*r, finished, image, call.site));
        }
    }
    }
    const char* joiner = call.kind == mpi::CallKind::Waitany || call.kind == mpi::CallKind::Waitsome
                             ? "; or "
                             : "; and ";
    for (std::size_t i = 0; i < needs.size(); ++i) b.waiting_for += (i ? joiner : "") + needs[i];
    if (b.waiting_for.empty()) b.waiting_for = "nothing it can get";
    return b;
}

properties::EndStateEvent end_state_event(const RankRuntime& runtime, const mpi::MpiWorld& world) {
    properties::EndStateEvent e;
    e.ranks = runtime.ranks().size();
    std::vector<bool> finished;
    finished.reserve(static_cast<std::size_t>(e.ranks));
    for (int r = 0; r < e.ranks; ++r)
        finished.push_back(runtime.ranks().status(r) == RankStatus::Finished);
    e.finished = static_cast<int>(std::count(finished.begin(), finished.end(), true));
    for (int r = 0; r < e.ranks; ++r) {
        const RankStatus status = runtime.ranks().status(r);
        const bool polling = status == RankStatus::AtCall && polls(runtime.ranks().call(r));
        if (status != RankStatus::Blocked && !polling) continue;
        e.polling += polling;
        const mpi::RankCall& call = runtime.ranks().call(r);
        BlockedRank b = describe_blocked(world, r, call, finished, runtime.image());
        b.location = runtime.image().locate_call(call.site);
        e.stuck.push_back(std::move(b));
    }
    return e;
}

} // namespace rankfold::mc
