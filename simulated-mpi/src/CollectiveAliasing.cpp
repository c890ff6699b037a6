#include "simulated-mpi/src/CollectiveAliasing.hpp"

#include "simulated-mpi/src/TypePacking.hpp"

#include <cstdint>
#include <limits>

namespace rankfold::mpi {
namespace {

// A buffer as the member passes it: where, how many elements of which type.
struct Side {
    const void* buf = nullptr;
    std::int64_t count = 0;
    MPI_Datatype type = MPI_DATATYPE_NULL;
};

struct Sides {
    Side send, recv;
    bool both = false; // the member uses both: only then can they alias
};

Sides sides(const CollectiveArgs& a, bool is_root, int size) {
    const std::int64_t n = size;
    const Side send{a.sendbuf, a.sendcount, a.sendtype};
    // The reductions describe both buffers with the send count and type.
    const Side reduced{a.recvbuf, a.sendcount, a.sendtype};
    switch (a.kind) {
    case CollectiveKind::Reduce:
        return {send, reduced, is_root};
    case CollectiveKind::Allreduce:
    case CollectiveKind::Scan:
    case CollectiveKind::Exscan:
        return {send, reduced, true};
    case CollectiveKind::ReduceScatterBlock:
        return {
            {a.sendbuf, a.recvcount * n, a.sendtype}, {a.recvbuf, a.recvcount, a.sendtype}, true};
    case CollectiveKind::Gather:
        return {send, {a.recvbuf, a.recvcount * n, a.recvtype}, is_root};
    case CollectiveKind::Scatter:
        return {{a.sendbuf, a.sendcount * n, a.sendtype},
                {a.recvbuf, a.recvcount, a.recvtype},
                is_root};
    case CollectiveKind::Allgather:
        return {send, {a.recvbuf, a.recvcount * n, a.recvtype}, true};
    case CollectiveKind::Alltoall:
        return {{a.sendbuf, a.sendcount * n, a.sendtype},
                {a.recvbuf, a.recvcount * n, a.recvtype},
                true};
    default:
        return {};
    }
}

} // namespace

bool collective_buffers_alias(const CollectiveArgs& a, const DatatypeTable& types, bool is_root,
                              int size) {
    const Sides s = sides(a, is_root, size);
    if (!s.both || s.send.buf == MPI_IN_PLACE || s.recv.buf == MPI_IN_PLACE) return false;
    constexpr std::int64_t kMax = std::numeric_limits<int>::max();
    if (s.send.count <= 0 || s.recv.count <= 0 || s.send.count > kMax || s.recv.count > kMax)
        return false;
    const TypemapRef send = types.find(s.send.type);
    const TypemapRef recv = types.find(s.recv.type);
    if (!send || !recv) return false; // the argument checks report a bad type
    return buffers_overlap(s.send.buf, static_cast<int>(s.send.count), *send, s.recv.buf,
                           static_cast<int>(s.recv.count), *recv);
}

} // namespace rankfold::mpi
