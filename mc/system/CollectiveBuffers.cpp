#include "mc/system/CollectiveBuffers.hpp"

#include "mc/system/PendingBuffers.hpp"

#include <string>

namespace rankfold::mc {

using mpi::CollectiveKind;
using properties::BufferUse;
using properties::PendingBuffer;

namespace {

// "MPI_Iallreduce" from the blocking name MPI_Allreduce.
std::string nonblocking_name(CollectiveKind kind) {
    std::string name = mpi::collective_name(kind);
    if (name.size() > 4) name[4] = static_cast<char>(name[4] - 'A' + 'a');
    return name.insert(4, "I");
}

struct Side {
    const void* buffer;
    long count; // elements of `type`
    MPI_Datatype type;
    BufferUse use;
};

} // namespace

void collective_buffers(const mpi::MpiWorld& world, int rank, const mpi::RankCall& call, int slot,
                        std::vector<PendingBuffer>& out) {
    const mpi::CollectiveArgs& a = call.coll;
    const auto size = world.comm_size(rank, call.comm);
    const auto me = world.comm_rank(rank, call.comm);
    if (!size || !me) return;
    const long n = *size;
    const bool root = *me == a.root;
    const bool send_in_place = a.sendbuf == MPI_IN_PLACE;
    const Side send{a.sendbuf, a.sendcount, a.sendtype, BufferUse::Reads};
    const Side recv{a.recvbuf, a.recvcount, a.recvtype, BufferUse::Writes};
    std::vector<Side> sides;
    switch (a.kind) {
    case CollectiveKind::Bcast: // one buffer: the root's is read, the others' written
        sides.push_back(root ? send : recv);
        break;
    case CollectiveKind::Reduce:
        if (!send_in_place) sides.push_back(send);
        if (root) sides.push_back(recv);
        break;
    case CollectiveKind::Allreduce:
    case CollectiveKind::Scan:
    case CollectiveKind::Exscan:
        if (!send_in_place) sides.push_back(send);
        sides.push_back(recv);
        break;
    case CollectiveKind::Gather:
        if (!send_in_place) sides.push_back(send);
        if (root) sides.push_back({recv.buffer, n * recv.count, recv.type, recv.use});
        break;
    case CollectiveKind::Scatter:
        if (root) sides.push_back({send.buffer, n * send.count, send.type, send.use});
        if (!(root && a.recvbuf == MPI_IN_PLACE)) sides.push_back(recv);
        break;
    case CollectiveKind::Allgather:
        if (!send_in_place) sides.push_back(send);
        sides.push_back({recv.buffer, n * recv.count, recv.type, recv.use});
        break;
    case CollectiveKind::Alltoall:
        if (!send_in_place) sides.push_back({send.buffer, n * send.count, send.type, send.use});
        sides.push_back({recv.buffer, n * recv.count, recv.type, recv.use});
        break;
    default:
        return;
    }
    const std::string name = nonblocking_name(a.kind);
    for (const Side& s : sides) {
        if (s.buffer == nullptr || s.buffer == MPI_IN_PLACE || s.count <= 0) continue;
        const mpi::TypemapRef map = world.rank_state(rank).datatypes.find(s.type);
        if (!map) continue;
        PendingBuffer p;
        p.operation = collective_operation(slot);
        p.name = name + (s.use == BufferUse::Reads ? " (send buffer)" : " (receive buffer)");
        p.use = s.use;
        p.bytes = typemap_bytes(reinterpret_cast<std::uintptr_t>(s.buffer),
                                static_cast<int>(s.count), *map);
        p.site = call.site;
        if (!p.bytes.empty()) out.push_back(std::move(p));
    }
}

} // namespace rankfold::mc
