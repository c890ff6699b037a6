#include "mc/system/PendingBuffers.hpp"

#include "properties/races/LocalRace.hpp"

#include <fmt/format.h>

namespace rankfold::mc {

using properties::BufferUse;
using properties::ByteRange;
using properties::PendingBuffer;

namespace {

// "MPI_Isend", "MPI_Issend_init", "MPI_Irecv", ...
std::string operation_name(const mpi::Request& r) {
    const char* base = "recv";
    if (r.kind == mpi::Request::Kind::Send) {
        switch (r.mode) {
        case mpi::SendMode::Standard:
            base = "send";
            break;
        case mpi::SendMode::Synchronous:
            base = "ssend";
            break;
        case mpi::SendMode::Buffered:
            base = "bsend";
            break;
        case mpi::SendMode::Ready:
            base = "rsend";
            break;
        }
    }
    if (r.persistent) {
        std::string name = fmt::format("MPI_{}_init", base);
        name[4] = static_cast<char>(name[4] - 'a' + 'A');
        return name;
    }
    return fmt::format("MPI_I{}", base);
}

// The ids of RMA operations' result buffers, apart from request slots and collectives: the
// window only. An operation's place in its origin's queue is no id: it moves down as earlier
// operations land, and a landing does not tell the race monitor (it is no step of the origin),
// so the id it kept said whether an earlier accumulate landed before or after this operation's
// issue, splitting otherwise equal states (rma-accumulate-two-origins). The monitor tells two
// identical buffers pending at once apart by counting them (RaceMonitor::on_pending_buffers).
constexpr std::uint64_t kRmaOperation = 1ULL << 48U;
// The id of OpenSHMEM nonblocking fetching atomics' fetch buffers (the same reason).
constexpr std::uint64_t kShmemFetch = 1ULL << 47U;

const char* rma_name(mpi::RmaKind kind) {
    switch (kind) {
    case mpi::RmaKind::Get:
        return "MPI_Get";
    case mpi::RmaKind::GetAccumulate:
        return "MPI_Get_accumulate";
    case mpi::RmaKind::FetchAndOp:
        return "MPI_Fetch_and_op";
    case mpi::RmaKind::CompareAndSwap:
        return "MPI_Compare_and_swap";
    default:
        return "MPI_Put";
    }
}

} // namespace

std::vector<ByteRange> typemap_bytes(std::uintptr_t buffer, int count, const mpi::Typemap& type,
                                     std::size_t max_ranges) {
    std::vector<ByteRange> out;
    if (count <= 0 || type.size() == 0) return out;
    const auto n = static_cast<std::uint64_t>(count);
    if (n * type.blocks().size() > max_ranges) {
        const auto extent = static_cast<std::uint64_t>(type.extent());
        out.push_back({buffer + static_cast<std::uintptr_t>(type.true_lb()),
                       buffer + static_cast<std::uintptr_t>((n - 1) * extent) +
                           static_cast<std::uintptr_t>(type.true_ub())});
        return properties::races::normalized(std::move(out));
    }
    out.reserve(n * type.blocks().size());
    for (std::uint64_t k = 0; k < n; ++k) {
        const std::uintptr_t element =
            buffer + static_cast<std::uintptr_t>(k * static_cast<std::uint64_t>(type.extent()));
        for (const mpi::TypeBlock& b : type.blocks()) {
            const std::uintptr_t low = element + static_cast<std::uintptr_t>(b.disp);
            out.push_back({low, low + b.length});
        }
    }
    return properties::races::normalized(std::move(out));
}

void pending_buffers(const mpi::MpiWorld& world, int rank, const mpi::RankCall& call,
                     std::vector<PendingBuffer>& out) {
    out.clear();
    const mpi::RequestTable& table = world.requests();
    for (int slot = 0;; ++slot) {
        const mpi::Request* r = table.slot(rank, slot);
        if (r == nullptr) break;
        const bool p2p =
            r->kind == mpi::Request::Kind::Send || r->kind == mpi::Request::Kind::Receive;
        if (!p2p || !r->active || r->seen_complete || !r->layout) continue;
        if (slot == call.internal[0] || slot == call.internal[1]) continue;
        // MPI_Isendrecv_replace's send half: its buffer is its receive's, watched as written.
        if (r->part_of >= 0 && r->kind == mpi::Request::Kind::Send)
            if (const mpi::Request* whole = table.slot(rank, r->part_of);
                whole != nullptr && whole->buffer == r->buffer)
                continue;
        PendingBuffer p;
        p.operation = static_cast<std::uint64_t>(slot);
        p.name = operation_name(*r);
        p.use = r->kind == mpi::Request::Kind::Send ? BufferUse::Reads : BufferUse::Writes;
        p.bytes = typemap_bytes(r->buffer, r->count, *r->layout);
        p.site = r->site;
        if (!p.bytes.empty()) out.push_back(std::move(p));
    }
    rma_result_buffers(world, rank, out);
    shmem_fetch_buffers(world, rank, out);
}

bool nothing_pending(const mpi::MpiWorld& world, int rank, const mpi::RankCall& call) {
    const std::span<const mpi::Request> slots = world.requests().of(rank);
    for (int slot = 0; slot < static_cast<int>(slots.size()); ++slot) {
        const mpi::Request* r = &slots[static_cast<std::size_t>(slot)];
        // A collective request may hold buffers (MpiSystem::publish_buffers); a send or receive
        // is listed by pending_buffers unless the call made it for itself.
        if (r->is_free() || !r->active || r->seen_complete) continue;
        if (r->kind == mpi::Request::Kind::Collective) return false;
        const bool p2p =
            r->kind == mpi::Request::Kind::Send || r->kind == mpi::Request::Kind::Receive;
        if (p2p && r->layout && slot != call.internal[0] && slot != call.internal[1]) return false;
    }
    // rma_result_buffers reads the windows' pending operations, shmem_fetch_buffers the PE's
    // fetches: with no window and no fetch both add nothing.
    if (world.windows().size() != 0) return false;
    const shmem::ShmemWorld& shmem = world.shmem();
    return rank < 0 || rank >= shmem.size() || shmem.pe(rank).fetches.empty();
}

void shmem_fetch_buffers(const mpi::MpiWorld& world, int rank, std::vector<PendingBuffer>& out) {
    const shmem::ShmemWorld& shmem = world.shmem();
    if (rank < 0 || rank >= shmem.size()) return;
    const std::vector<shmem::PendingFetch>& fetches = shmem.pe(rank).fetches;
    for (const shmem::PendingFetch& f : fetches) {
        PendingBuffer p;
        p.operation = kShmemFetch;
        p.name = fmt::format("{} (fetch buffer)", f.name);
        p.use = BufferUse::Writes;
        p.bytes = {{f.buffer, f.buffer + f.bytes}};
        p.site = f.site;
        out.push_back(std::move(p));
    }
}

void rma_result_buffers(const mpi::MpiWorld& world, int rank, std::vector<PendingBuffer>& out) {
    const mpi::WindowTable& windows = world.windows();
    for (int w = 0; w < windows.size(); ++w) {
        for (const mpi::WindowMember& member : windows.at(w).members) {
            if (member.world_rank != rank) continue;
            for (const mpi::PendingRma& op : member.pending) {
                if (op.result == nullptr || op.result_map.get() == nullptr) continue;
                PendingBuffer p;
                p.operation = kRmaOperation | (static_cast<std::uint64_t>(w) << 24U);
                p.name = fmt::format("{} (result buffer)", rma_name(op.kind));
                p.use = BufferUse::Writes;
                p.bytes = typemap_bytes(reinterpret_cast<std::uintptr_t>(op.result),
                                        op.result_count, *op.result_map);
                p.site = op.site;
                if (!p.bytes.empty()) out.push_back(std::move(p));
            }
        }
    }
}

} // namespace rankfold::mc
