// The C arguments of collective calls, in each function's own parameter order (contracts name
// parameters by position); the I-forms add their request. Buffers say how far they reach: a
// root's gather buffer holds a count from every member, a v/w buffer reaches the end of its
// farthest block.
#include "mc/system/ArgumentWriter.hpp"

namespace rankfold::mc {

namespace {

using K = mpi::CollectiveKind;

// MPI_Gather, Scatter, Allgather, Alltoall and their v/w forms.
void exchange_arguments(const mpi::RankCall& c, ArgumentWriter& w) {
    const mpi::CollectiveArgs& a = c.coll;
    const int n = w.size_of(c.comm);
    const int at_root = w.is_root(a.root, c.comm) ? n : 0;
    switch (a.kind) {
    case K::Gather: // (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm)
        w.buffer(a.sendbuf, a.sendcount, a.sendtype) << a.sendcount << a.sendtype;
        w.buffer(a.recvbuf, a.recvcount, a.recvtype, at_root)
            << a.recvcount << a.recvtype << a.root << c.comm;
        break;
    case K::Scatter: // the root sends one count to each member
        w.buffer(a.sendbuf, a.sendcount, a.sendtype, at_root) << a.sendcount << a.sendtype;
        w.buffer(a.recvbuf, a.recvcount, a.recvtype)
            << a.recvcount << a.recvtype << a.root << c.comm;
        break;
    case K::Allgather: // (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm)
    case K::Alltoall:
        w.buffer(a.sendbuf, a.sendcount, a.sendtype, a.kind == K::Alltoall ? n : 1)
            << a.sendcount << a.sendtype;
        w.buffer(a.recvbuf, a.recvcount, a.recvtype, n) << a.recvcount << a.recvtype << c.comm;
        break;
    case K::Gatherv:    // (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                        //  root, comm)
    case K::Allgatherv: // ... without root
        w.buffer(a.sendbuf, a.sendcount, a.sendtype) << a.sendcount << a.sendtype;
        w.blocks(a.recvbuf, a.kind == K::Gatherv ? at_root : n, a.recvcounts, a.rdispls, a.recvtype)
            << a.recvcounts << a.rdispls << a.recvtype;
        if (a.kind == K::Gatherv) w << a.root;
        w << c.comm;
        break;
    case K::Scatterv: // (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                      //  root, comm)
        w.blocks(a.sendbuf, at_root, a.sendcounts, a.sdispls, a.sendtype)
            << a.sendcounts << a.sdispls << a.sendtype;
        w.buffer(a.recvbuf, a.recvcount, a.recvtype)
            << a.recvcount << a.recvtype << a.root << c.comm;
        break;
    case K::Alltoallv: // (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts,
                       //  rdispls, recvtype, comm)
        w.blocks(a.sendbuf, n, a.sendcounts, a.sdispls, a.sendtype)
            << a.sendcounts << a.sdispls << a.sendtype;
        w.blocks(a.recvbuf, n, a.recvcounts, a.rdispls, a.recvtype)
            << a.recvcounts << a.rdispls << a.recvtype << c.comm;
        break;
    case K::Alltoallw: // as Alltoallv with a type per member, displacements in bytes
        w.blocks(a.sendbuf, n, a.sendcounts, a.sdispls, MPI_DATATYPE_NULL, a.sendtypes)
            << a.sendcounts << a.sdispls << a.sendtypes;
        w.blocks(a.recvbuf, n, a.recvcounts, a.rdispls, MPI_DATATYPE_NULL, a.recvtypes)
            << a.recvcounts << a.rdispls << a.recvtypes << c.comm;
        break;
    default:
        break;
    }
}

} // namespace

bool collective_arguments(const mpi::RankCall& c, ArgumentWriter& w) {
    const mpi::CollectiveArgs& a = c.coll;
    switch (a.kind) {
    case K::Barrier: // (comm)
        w << c.comm;
        break;
    case K::Bcast: // (buffer, count, type, root, comm)
        w.buffer(a.recvbuf, a.recvcount, a.recvtype)
            << a.recvcount << a.recvtype << a.root << c.comm;
        break;
    case K::Reduce: // (sendbuf, recvbuf, count, type, op, root, comm)
        w.buffer(a.sendbuf, a.sendcount, a.sendtype)
                .buffer(a.recvbuf, a.sendcount, a.sendtype, w.is_root(a.root, c.comm) ? 1 : 0)
            << a.sendcount << a.sendtype << a.op << a.root << c.comm;
        break;
    case K::Allreduce: // (sendbuf, recvbuf, count, type, op, comm)
    case K::Scan:
    case K::Exscan:
        w.buffer(a.sendbuf, a.sendcount, a.sendtype).buffer(a.recvbuf, a.sendcount, a.sendtype)
            << a.sendcount << a.sendtype << a.op << c.comm;
        break;
    case K::ReduceScatterBlock: // (sendbuf, recvbuf, recvcount, type, op, comm)
        w.buffer(a.sendbuf, a.recvcount, a.sendtype, w.size_of(c.comm))
                .buffer(a.recvbuf, a.recvcount, a.sendtype)
            << a.recvcount << a.sendtype << a.op << c.comm;
        break;
    case K::ReduceScatter: // (sendbuf, recvbuf, recvcounts, type, op, comm)
        w << a.sendbuf << a.recvbuf << a.recvcounts << a.sendtype << a.op << c.comm;
        break;
    case K::Gather:
    case K::Scatter:
    case K::Allgather:
    case K::Alltoall:
    case K::Gatherv:
    case K::Scatterv:
    case K::Allgatherv:
    case K::Alltoallv:
    case K::Alltoallw:
        exchange_arguments(c, w);
        break;
    case K::WinFence: // (assert, win)
        w << a.assertion << a.win;
        return true;
    case K::WinFree: // (win*)
        w << a.newwin;
        return true;
    default: // communicator and window construction: their local entries report them
        return false;
    }
    if (a.nonblocking) w << c.requests;
    return true;
}

} // namespace rankfold::mc
